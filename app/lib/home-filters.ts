// The home page's state, kept in the URL so every view is a link: the filters
// and which official sections show. The transitions build the next URL. (Parsing is in
// home-filters.server.ts, so zod stays out of the browser bundle.)

export const GROUPS = ["all", "governors", "senators", "representatives", "state-cabinet"] as const;
export const ENABLED_GROUPS = ["all", "governors", "senators", "representatives"] as const;
export const ISSUES = ["all", "abortion", "climate", "immigration", "marijuana"] as const;
export const TOPICS = ["economy", "education", "healthcare"] as const;
export const MAP_SIZE = { min: 50, max: 95, step: 5, default: 75 } as const;

export const GROUP_LABELS: Record<(typeof GROUPS)[number], string> = {
  all: "All Officials",
  governors: "Governors",
  senators: "Senators",
  representatives: "House Representatives",
  "state-cabinet": "State Cabinet",
};
export const ISSUE_LABELS: Record<(typeof ISSUES)[number], string> = {
  all: "Party Affiliation",
  abortion: "Abortion",
  climate: "Climate",
  immigration: "Immigration",
  marijuana: "Marijuana",
};
export const TOPIC_LABELS: Record<(typeof TOPICS)[number], string> = {
  economy: "Economy",
  education: "Education",
  healthcare: "Healthcare",
};

/** The home page's filters; parsed from the URL on the server by HomeFiltersSchema. */
export type HomeFilters = {
  view: "map" | "list";
  state?: string;
  tab: "filters" | "topics";
  group: (typeof ENABLED_GROUPS)[number];
  issue: (typeof ISSUES)[number];
  topic?: (typeof TOPICS)[number];
  /** The roll call an issue or topic map shows (house-117-2-66); without it, the issue's default. */
  vote?: string;
  q?: string;
  highlight?: number;
  size: number;
};

/** The filters in force: on the Topic Overlay tab group and issue are empty; on Apply Filters the topic is. */
export function effectiveFilters(f: HomeFilters) {
  return f.tab === "topics" ? { group: null, issue: null, topic: f.topic ?? null } : { group: f.group, issue: f.issue, topic: null };
}

/** The issue or topic whose roll calls colour the map, or null for party control. */
export function mapIssue(f: HomeFilters) {
  const { issue, topic } = effectiveFilters(f);
  return topic ?? (issue && issue !== "all" ? issue : null);
}

/** Which sections of the state details show: all with a topic or group all, else the one matching. */
export function visibleSections(f: HomeFilters) {
  const { group, topic } = effectiveFilters(f);
  const all = topic !== null || group === null || group === "all";
  return {
    governor: all || group === "governors",
    senators: all || group === "senators",
    representatives: all || group === "representatives",
    cabinet: all,
  };
}

/** Builds a home URL from the current filters and a change; defaults are left out of the URL. */
export function homeHref(f: HomeFilters, change: Partial<HomeFilters> = {}, hash = ""): string {
  const next = { ...f, ...change };
  const params = new URLSearchParams();
  if (next.view !== "map") params.set("view", next.view);
  if (next.state) params.set("state", next.state);
  if (next.tab === "topics") {
    params.set("tab", "topics");
    if (next.topic) params.set("topic", next.topic);
  } else {
    if (next.group !== "all") params.set("group", next.group);
    if (next.issue !== "all") params.set("issue", next.issue);
  }
  if (next.vote && mapIssue(next)) params.set("vote", next.vote);
  if (next.highlight) params.set("highlight", String(next.highlight));
  if (next.size !== MAP_SIZE.default) params.set("size", String(next.size));
  const query = params.toString();
  return `/${query ? `?${query}` : ""}${hash}`;
}

// The transitions between filters, topics, states and search results. None carries a search or a highlight forward.
const reset = { q: undefined, highlight: undefined };
/** Another issue or topic starts at its own default roll call. */
const newIssue = { ...reset, vote: undefined };
export const selectState = (f: HomeFilters, state: string | undefined) =>
  homeHref(f, { ...reset, state }, state ? HOME_PLACES.details : "");
/**
 * Where each link's answer appears, carried as the URL's fragment so that a reload without
 * JavaScript lands there: a filter changes the selected state's officials (or, with no state, the
 * map's colours); the view and size change the map; a search's results sit under the search box.
 */
export const HOME_PLACES = { details: "#state-details", map: "#states-map", search: "#search-results", filters: "#filter-panel" } as const;
const answerPlace = (f: HomeFilters) => (f.state ? HOME_PLACES.details : HOME_PLACES.map);
export const chooseGroup = (f: HomeFilters, group: HomeFilters["group"]) =>
  homeHref(f, { ...reset, tab: "filters", group, topic: undefined }, answerPlace(f));
export const chooseView = (f: HomeFilters, view: HomeFilters["view"]) => homeHref(f, { ...reset, view }, HOME_PLACES.map);
/** Choosing a topic toggles it; group and issue are empty on the Topic Overlay tab. */
export const toggleTopic = (f: HomeFilters, topic: HomeFilters["topic"]) =>
  homeHref(f, { ...newIssue, tab: "topics", topic: f.tab === "topics" && f.topic === topic ? undefined : topic }, answerPlace(f));
/** Choosing an issue keeps the group and the selected state; the map shows the issue's default roll call. */
export const chooseIssue = (f: HomeFilters, issue: HomeFilters["issue"]) =>
  homeHref(f, { ...newIssue, tab: "filters", issue, topic: undefined }, answerPlace(f));
/** The map of an issue or topic on the home page, at one roll call (or its default). */
export const issueMapHref = (slug: string, vote?: string, state?: string) => {
  const base: HomeFilters = { view: "map", tab: "filters", group: "all", issue: "all", size: MAP_SIZE.default };
  const chosen = (TOPICS as readonly string[]).includes(slug)
    ? { tab: "topics" as const, topic: slug as HomeFilters["topic"] }
    : { issue: slug as HomeFilters["issue"] };
  return homeHref({ ...base, ...chosen, vote, state }, {}, state ? HOME_PLACES.details : HOME_PLACES.map);
};
/** Switching tabs clears the other tab's choices. */
export const switchTab = (f: HomeFilters, tab: HomeFilters["tab"]) =>
  homeHref(f, { ...newIssue, tab, topic: undefined, group: "all", issue: "all" }, HOME_PLACES.filters);

/**
 * Where a search result leads: a state is selected; an official's state is
 * selected with the group all (governors for a governor), the issue kept, the topic cleared,
 * and the official highlighted.
 */
export function searchResultHref(
  f: HomeFilters,
  result: { kind: "state"; abbreviation: string } | { kind: "official"; id: number; office: string; stateAbbreviation: string },
): string {
  if (result.kind === "state") return selectState(f, result.abbreviation);
  return homeHref(
    f,
    {
      ...reset,
      state: result.stateAbbreviation,
      tab: "filters",
      group: result.office === "Governor" ? "governors" : "all",
      topic: undefined,
      highlight: result.id,
    },
    `#official-${result.id}`,
  );
}
