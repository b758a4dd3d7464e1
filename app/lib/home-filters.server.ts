// Parses the home page's URL; refuses unknown values with a message naming what is allowed.
import { z } from "~/lib/zod";
import { ENABLED_GROUPS, ISSUES, MAP_SIZE, TOPICS, type HomeFilters } from "~/lib/home-filters";
import { ROLL_CALL_KEY_MESSAGE, parseRollCallKey } from "~/lib/issue-votes";

const empty = (v: unknown) => (v === "" ? undefined : v);
const abbreviation = z
  .string()
  .regex(/^[A-Za-z]{2}$/, "A state is chosen by its two-letter abbreviation, such as CA.")
  .transform((s) => s.toUpperCase());

const HIGHLIGHT_MESSAGE = "The highlighted official is given by their number, as in a search result's link.";

/** Every wrong map size gets the same message, written for people. */
export const SIZE_MESSAGE = `The map size is a percentage from ${MAP_SIZE.min} to ${MAP_SIZE.max} in steps of ${MAP_SIZE.step}, such as ${MAP_SIZE.default}.`;

export const HomeFiltersSchema: z.ZodType<HomeFilters, unknown> = z.object({
  view: z.preprocess(empty, z.enum(["map", "list"], "The view is map or list.").default("map")),
  state: z.preprocess(empty, abbreviation.optional()),
  tab: z.preprocess(empty, z.enum(["filters", "topics"], "The filter tab is filters or topics.").default("filters")),
  group: z.preprocess(empty, z.enum(ENABLED_GROUPS, `The group is one of ${ENABLED_GROUPS.join(", ")}.`).default("all")),
  issue: z.preprocess(empty, z.enum(ISSUES, `The issue is one of ${ISSUES.join(", ")}.`).default("all")),
  topic: z.preprocess(empty, z.enum(TOPICS, `The topic is one of ${TOPICS.join(", ")}.`).optional()),
  vote: z.preprocess(
    empty,
    z
      .string()
      .refine((key) => parseRollCallKey(key) !== null, ROLL_CALL_KEY_MESSAGE)
      .optional(),
  ),
  q: z.preprocess(empty, z.string().trim().max(100, "Search for at most 100 characters.").optional()),
  highlight: z.preprocess(empty, z.coerce.number(HIGHLIGHT_MESSAGE).int(HIGHLIGHT_MESSAGE).positive(HIGHLIGHT_MESSAGE).optional()),
  size: z.preprocess(
    empty,
    z.coerce
      .number(SIZE_MESSAGE)
      .int(SIZE_MESSAGE)
      .min(MAP_SIZE.min, SIZE_MESSAGE)
      .max(MAP_SIZE.max, SIZE_MESSAGE)
      .refine((n) => n % MAP_SIZE.step === 0, SIZE_MESSAGE)
      .default(MAP_SIZE.default),
  ),
});
