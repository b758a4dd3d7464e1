// Where a card's values came from, said once: the source most of the card's values share is the
// card's source line; a value from another source (or verified at another time) keeps its own line.
import { formatDay } from "~/lib/dates";
import { timeAgo } from "~/lib/relative-time";

/** One value's source as the public pages show it. */
export type ValueSource = {
  /** "congress-legislators · verified 5 months ago": what counts as "the same source". */
  label: string;
  url: string | null;
  /** The exact detail: "congress-legislators, imported, verified Jun 15, 2026". */
  detail: string;
};

const METHOD_WORDS: Record<string, string> = {
  import: "imported",
  crawler: "found on the official's website",
  staff_edit: "entered by Civic Atlas staff",
};

/**
 * An imported value no source has confirmed for this long reads "last confirmed {date}", not "verified":
 * a nightly import confirms every value its source still holds, so a month without a confirmation
 * means the source stopped holding it, or stopped answering (decision 0029).
 */
export const UNCONFIRMED_AFTER_DAYS = 30;

/** A provenance row (with its shown verified date) as a value source; `now` fixes the relative words. */
export function valueSource(
  p: { sourceName: string; sourceUrl: string | null; method: string; verifiedAt: Date; heldBySource?: boolean },
  now: Date,
): ValueSource {
  const method = METHOD_WORDS[p.method] ?? p.method;
  const day = formatDay(p.verifiedAt);
  // Staff and the crawler confirm a value once, on their day; an import's source is asked every night.
  const dropped = p.method === "import" && p.heldBySource === false;
  const unconfirmed = p.method === "import" && now.getTime() - p.verifiedAt.getTime() > UNCONFIRMED_AFTER_DAYS * 86_400_000;
  if (dropped || unconfirmed) {
    const why = dropped ? " · not in the current source" : "";
    return {
      label: `${p.sourceName} · last confirmed ${day}${why}`,
      url: p.sourceUrl,
      detail: `${p.sourceName}, ${method}, last confirmed ${day}${dropped ? "; the current source does not have this value" : ""}`,
    };
  }
  return {
    label: `${p.sourceName} · verified ${timeAgo(p.verifiedAt, now)}`,
    url: p.sourceUrl,
    detail: `${p.sourceName}, ${method}, verified ${day}`,
  };
}

export type GroupedSources<K extends string> = {
  /** The line shown once for the card, or null when no source covers most of its values. */
  card: { label: string; url: string | null } | null;
  /** Values whose source differs from the card's: shown under the value itself. */
  own: Partial<Record<K, ValueSource>>;
  /** Every value with a source, in the card's order: the per-value detail. */
  all: { field: K; source: ValueSource }[];
};

/**
 * Groups a card's value sources (field name to source; a value without provenance is left out).
 * The card's line is the source shared by more than half of the values (or the only one); its link
 * is kept only when all those values come from the same address.
 */
export function groupSources<K extends string>(fields: Partial<Record<K, ValueSource | null>>): GroupedSources<K> {
  const all = (Object.entries(fields) as [K, ValueSource | null | undefined][])
    .filter((e): e is [K, ValueSource] => Boolean(e[1]))
    .map(([field, source]) => ({ field, source }));
  const counts = new Map<string, number>();
  for (const { source } of all) counts.set(source.label, (counts.get(source.label) ?? 0) + 1);
  const [label, count] = [...counts].reduce<[string | null, number]>((best, entry) => (entry[1] > best[1] ? entry : best), [null, 0]);
  const shared = label !== null && count * 2 > all.length ? label : null;
  const sharing = all.filter((e) => e.source.label === shared);
  const urls = new Set(sharing.map((e) => e.source.url));
  const own: Partial<Record<K, ValueSource>> = {};
  for (const e of all) if (e.source.label !== shared) own[e.field] = e.source;
  return {
    card: shared === null ? null : { label: shared, url: urls.size === 1 ? sharing[0].source.url : null },
    own,
    all,
  };
}
