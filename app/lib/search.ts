// Search ranking (spec 1 §9): case-insensitive substring on a state's name or abbreviation and
// an official's name (the official full name), first or last name, nickname, and the names people
// use ("Bernie Sanders" for Bernard Sanders); names starting with the query first, then states
// before officials, then alphabetical; at most 8.
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_MAX_RESULTS = 8;

export type SearchState = { kind: "state"; id: number; name: string; abbreviation: string };
export type SearchOfficial = {
  kind: "official";
  id: number;
  name: string;
  firstName: string;
  lastName: string;
  nickname?: string | null;
  office: string;
  party: string;
  stateAbbreviation: string;
  stateName: string;
};
export type SearchResult = SearchState | SearchOfficial;

export const isSearchable = (q: string | null | undefined) => (q ?? "").trim().length >= SEARCH_MIN_CHARS;

export function matches(result: SearchResult, query: string): boolean {
  const q = query.trim().toLowerCase();
  const fields = result.kind === "state" ? [result.name, result.abbreviation] : officialNames(result);
  return fields.some((f) => f.toLowerCase().includes(q));
}

/** Every name an official is searched by. */
function officialNames(o: SearchOfficial): string[] {
  const names = [o.name, o.firstName, o.lastName, `${o.firstName} ${o.lastName}`];
  if (o.nickname) names.push(o.nickname, `${o.nickname} ${o.lastName}`);
  return names;
}

/** The words of a query worth a database filter: candidates match at least one; rankSearch decides. */
export const searchWords = (query: string) =>
  query
    .trim()
    .split(/\s+/)
    .filter((w) => w.length >= SEARCH_MIN_CHARS);

export function rankSearch(candidates: SearchResult[], query: string): SearchResult[] {
  const q = query.trim().toLowerCase();
  if (q.length < SEARCH_MIN_CHARS) return [];
  const startsWith = (r: SearchResult) => r.name.toLowerCase().startsWith(q);
  return candidates
    .filter((r) => matches(r, q))
    .sort(
      (a, b) =>
        Number(startsWith(b)) - Number(startsWith(a)) ||
        Number(b.kind === "state") - Number(a.kind === "state") ||
        a.name.localeCompare(b.name),
    )
    .slice(0, SEARCH_MAX_RESULTS);
}
