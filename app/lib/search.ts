// Search ranking: finds states and officials by what people type. A state's name or abbreviation,
// an official's full name, first or last name, nickname and common names; words in any order; an
// office word (sen, rep, gov...) filters by office instead of matching names; one typo per word of
// four letters or more. An exact state comes first, followed by its governor and senators; then
// names starting with the query, then names with every word matched, states before officials,
// then alphabetical; at most 8.
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

/**
 * Common names the shipped data lacks (its `nickname` field covers "Bernie", "Chuck" and the
 * like), by the official's full name as the data spells it. Reviewed by hand: add a name only when
 * it is how the press and the public refer to the person.
 */
export const COMMON_NAMES: Readonly<Record<string, readonly string[]>> = {
  "Alexandria Ocasio-Cortez": ["AOC"],
  "Richard J. Durbin": ["Dick Durbin"],
  "J. B. Pritzker": ["JB Pritzker"],
  "Robert Menendez": ["Bob Menendez"],
  "Elizabeth Warren": ["Liz Warren"],
};

/** Words that name an office: they filter the officials rather than match a name. */
const OFFICE_WORDS: Record<string, string> = {
  sen: "Senator",
  senator: "Senator",
  senators: "Senator",
  rep: "Representative",
  reps: "Representative",
  representative: "Representative",
  representatives: "Representative",
  congressman: "Representative",
  congresswoman: "Representative",
  congressmember: "Representative",
  gov: "Governor",
  governor: "Governor",
  governors: "Governor",
};

/** Lower case, without accents, punctuation as spaces: "Velázquez" and "velazquez", "Ocasio-Cortez" and "ocasio cortez" meet. */
const normalize = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
const wordsOf = (text: string) => normalize(text).split(" ").filter(Boolean);

type Query = { text: string; words: string[]; office: string | null };

function parseQuery(query: string): Query {
  const all = wordsOf(query);
  const office = all.map((w) => OFFICE_WORDS[w]).find(Boolean) ?? null;
  const words = office ? all.filter((w) => !OFFICE_WORDS[w]) : all;
  return { text: words.join(" "), words, office };
}

/** Every name an official is searched by. */
function officialNames(o: SearchOfficial): string[] {
  const names = [o.name, `${o.firstName} ${o.lastName}`, ...(COMMON_NAMES[o.name] ?? [])];
  if (o.nickname) names.push(`${o.nickname} ${o.lastName}`);
  return names;
}

/** Each candidate's names, normalized once: candidates are kept between searches (searchCandidates), so this runs once per row. */
const normalized = new WeakMap<SearchResult, { names: string[]; words: string[] }>();
function namesOf(r: SearchResult) {
  let found = normalized.get(r);
  if (!found) {
    const names = (r.kind === "state" ? [r.name, r.abbreviation] : officialNames(r)).map(normalize);
    found = { names, words: [...new Set(names.flatMap((n) => n.split(" ")))] };
    normalized.set(r, found);
  }
  return found;
}

/** At most one letter added, dropped, changed, or two neighbours swapped. */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.slice(i + 1) === b.slice(i + 1)) return true; // changed (or both ended)
  if (a.slice(i + 1) === b.slice(i) || a.slice(i) === b.slice(i + 1)) return true; // dropped or added
  return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // swapped
}

/** How well one typed word matches a name's words: 3 a word starts with it, 2 contains it, 1 one typo away, 0 not at all. */
function wordScore(typed: string, words: string[]): number {
  if (words.some((w) => w.startsWith(typed))) return 3;
  if (words.some((w) => w.includes(typed))) return 2;
  if (typed.length >= 4 && words.some((w) => withinOneEdit(typed, w) || withinOneEdit(typed, w.slice(0, typed.length)))) return 1;
  return 0;
}

/** The match's tier, lower first: 1 a name starts with the query, 2 every word starts a name's word, 3 contained, 4 with typos; null when it does not match. */
function tierOf(result: SearchResult, query: Query): number | null {
  const { names, words } = namesOf(result);
  if (names.some((n) => n.startsWith(query.text))) return 1;
  const worst = Math.min(...query.words.map((w) => wordScore(w, words)));
  return worst === 0 ? null : 5 - worst;
}

const exactState = (candidates: SearchResult[], text: string) =>
  candidates.find((r): r is SearchState => r.kind === "state" && namesOf(r).names.includes(text));

export function matches(result: SearchResult, query: string): boolean {
  const parsed = parseQuery(query);
  return parsed.words.length > 0 && tierOf(result, parsed) !== null;
}

const STATEWIDE = ["Governor", "Senator"];

export function rankSearch(candidates: SearchResult[], query: string): SearchResult[] {
  if (!isSearchable(query)) return [];
  const parsed = parseQuery(query);
  const officeOk = (r: SearchResult) => !parsed.office || (r.kind === "official" && r.office === parsed.office);
  const state = parsed.words.length ? exactState(candidates, parsed.text) : undefined;
  // An office word with a state ("sen ny", "governor texas") or alone ("governors") lists those officials.
  if (parsed.office && (state || !parsed.words.length)) {
    return candidates
      .filter((r) => officeOk(r) && (!state || (r.kind === "official" && r.stateAbbreviation === state.abbreviation)))
      .sort((a, b) => a.name.localeCompare(b.name))
      .slice(0, SEARCH_MAX_RESULTS);
  }
  if (!parsed.words.length) return [];
  const lead: SearchResult[] = state
    ? [
        state,
        ...candidates
          .filter((r) => r.kind === "official" && r.stateAbbreviation === state.abbreviation && STATEWIDE.includes(r.office))
          .sort((a, b) => STATEWIDE.indexOf((a as SearchOfficial).office) - STATEWIDE.indexOf((b as SearchOfficial).office)),
      ]
    : [];
  const ranked = candidates
    .filter((r) => !lead.includes(r) && officeOk(r))
    .map((r) => ({ r, tier: tierOf(r, parsed) }))
    .filter((x): x is { r: SearchResult; tier: number } => x.tier !== null)
    .sort((a, b) => a.tier - b.tier || Number(b.r.kind === "state") - Number(a.r.kind === "state") || a.r.name.localeCompare(b.r.name))
    .map((x) => x.r);
  return [...lead, ...ranked].slice(0, SEARCH_MAX_RESULTS);
}
