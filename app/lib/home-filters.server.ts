// Parses the home page's URL; refuses unknown values with a message naming what is allowed.
import { z } from "zod";
import { ENABLED_GROUPS, ENABLED_ISSUES, MAP_SIZE, TOPICS, type HomeFilters } from "~/lib/home-filters";

const empty = (v: unknown) => (v === "" ? undefined : v);
const abbreviation = z
  .string()
  .regex(/^[A-Za-z]{2}$/, "A state is chosen by its two-letter abbreviation, such as CA.")
  .transform((s) => s.toUpperCase());

export const HomeFiltersSchema: z.ZodType<HomeFilters, unknown> = z.object({
  view: z.preprocess(empty, z.enum(["map", "list"], "The view is map or list.").default("map")),
  state: z.preprocess(empty, abbreviation.optional()),
  tab: z.preprocess(empty, z.enum(["filters", "topics"], "The filter tab is filters or topics.").default("filters")),
  group: z.preprocess(empty, z.enum(ENABLED_GROUPS, `The group is one of ${ENABLED_GROUPS.join(", ")}.`).default("all")),
  issue: z.preprocess(empty, z.enum(ENABLED_ISSUES, "Only the party affiliation issue (all) is available so far.").default("all")),
  topic: z.preprocess(empty, z.enum(TOPICS, `The topic is one of ${TOPICS.join(", ")}.`).optional()),
  q: z.preprocess(empty, z.string().trim().max(100, "Search for at most 100 characters.").optional()),
  highlight: z.preprocess(empty, z.coerce.number().int().positive("highlight is an official's id.").optional()),
  size: z.preprocess(
    empty,
    z.coerce
      .number()
      .int()
      .min(MAP_SIZE.min)
      .max(MAP_SIZE.max)
      .refine((n) => n % MAP_SIZE.step === 0, `The map size goes in steps of ${MAP_SIZE.step}.`)
      .default(MAP_SIZE.default),
  ),
});
