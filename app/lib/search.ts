// Search ranking (spec 1 §9): case-insensitive substring on a state's name or abbreviation and
// an official's name, first or last name; names starting with the query first, then states
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
  office: string;
  party: string;
  stateAbbreviation: string;
  stateName: string;
};
export type SearchResult = SearchState | SearchOfficial;

export const isSearchable = (q: string | null | undefined) => (q ?? "").trim().length >= SEARCH_MIN_CHARS;

export function matches(result: SearchResult, query: string): boolean {
  const q = query.trim().toLowerCase();
  const fields = result.kind === "state" ? [result.name, result.abbreviation] : [result.name, result.firstName, result.lastName];
  return fields.some((f) => f.toLowerCase().includes(q));
}

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
