// The public change history (decision 0023): which fields it shows and under which label, the
// field groups of /changes, how a change's source reads, the page parameter, and the Atom feed.
// Pure: the records come from app/models/change-history.server.ts.
import { STAFF_ROLE_LABELS, isRole } from "~/auth/roles";
import { EDITABLE_FIELDS, type EntityType } from "~/lib/editable-fields";

export const HISTORY_PAGE_SIZE = 50;

/** Columns the imports fill that no staff form edits: their labels for the history. */
const IMPORTED_LABELS: Record<string, string> = {
  isActive: "In office",
  incomingTerm: "Incoming term",
  stateId: "State",
  middleName: "Middle name",
  suffix: "Suffix",
  nickname: "Nickname",
  senateClass: "Senate class",
  stateRank: "State rank",
  tenure: "Tenure",
  committee: "Key committee",
  mastodonUrl: "Mastodon URL",
  fecIds: "FEC IDs",
  lisId: "Senate LIS ID",
  thomasId: "THOMAS ID",
  cspanId: "C-SPAN ID",
  wikidataId: "Wikidata ID",
  googleEntityId: "Google entity ID",
  houseHistoryId: "House history ID",
  maplightId: "MapLight ID",
  pictorialId: "Pictorial ID",
  billsSponsored: "Bills sponsored",
  approvalRating: "Approval rating",
  politicalLeaning: "Political leaning",
  populationSource: "Population source",
  houseSeats: "House seats",
};

/** The label of a field in the history: the data-management pages' label, else the import's. */
export function historyFieldLabel(entityType: EntityType, fieldName: string) {
  return EDITABLE_FIELDS[entityType][fieldName]?.label ?? IMPORTED_LABELS[fieldName] ?? fieldName;
}

/** Fields whose values are staff-only (administrative notes): never in the public history. */
export const STAFF_ONLY_FIELDS = Object.entries(EDITABLE_FIELDS).flatMap(([, fields]) =>
  Object.entries(fields)
    .filter(([, definition]) => definition.staffOnly)
    .map(([name]) => name),
);

/** The field groups of /changes (?group=). Each names official and state columns alike. */
export const FIELD_GROUPS = {
  contact: {
    label: "Contact",
    fields: [
      "email",
      "phone",
      "website",
      "contactFormUrl",
      "officeAddress",
      "xProfileUrl",
      "facebookUrl",
      "instagramUrl",
      "youtubeUrl",
      "mastodonUrl",
      "officialWebsite",
    ],
  },
  office: {
    label: "Office",
    fields: [
      "isActive",
      "stateId",
      "office",
      "district",
      "senateClass",
      "stateRank",
      "tenure",
      "terms",
      "leadership",
      "committee",
      "committees",
    ],
  },
  party: { label: "Party", fields: ["party", "partyControl", "governorParty", "politicalLeaning"] },
} as const;
export type FieldGroup = keyof typeof FIELD_GROUPS;
export const isFieldGroup = (value: string): value is FieldGroup => Object.hasOwn(FIELD_GROUPS, value);

/** A value as the history keeps it: text, or null for empty. */
export function historyValue(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** An official's "In office" as the history records it: an import ends or resumes their service. */
export const inOffice = (active: boolean) => (active ? "yes" : "no");

/** What the history knows about where a change came from. Roles only: staff names never leave the model. */
export type ChangeOrigin = {
  method: string | null;
  sourceName: string | null;
  sourceUrl: string | null;
  submitterRole: string | null;
  reviewerRole: string | null;
};

const roleLabel = (role: string | null) => (isRole(role) ? STAFF_ROLE_LABELS[role] : "staff");

/**
 * How a change's source reads in public: the import's source name ("congress-legislators"), the
 * crawler ("official website (crawler), approved by staff (Admin)"), or a staff edit with the
 * roles of who made and who approved it ("staff edit (Admin)", "staff suggestion (Moderator),
 * approved by staff (Admin)").
 */
export function describeSource(origin: ChangeOrigin): { label: string; url: string | null } {
  if (origin.method === "crawler") {
    return { label: `official website (crawler), approved by staff (${roleLabel(origin.reviewerRole)})`, url: origin.sourceUrl };
  }
  if (origin.method === "staff_edit" || (!origin.method && !origin.sourceName)) {
    const suggested = origin.submitterRole && origin.reviewerRole && origin.submitterRole !== origin.reviewerRole;
    return {
      label: suggested
        ? `staff suggestion (${roleLabel(origin.submitterRole)}), approved by staff (${roleLabel(origin.reviewerRole)})`
        : `staff edit (${roleLabel(origin.reviewerRole ?? origin.submitterRole)})`,
      url: null,
    };
  }
  return { label: origin.sourceName ?? "import", url: origin.sourceUrl };
}

// ---------------------------------------------------------------- the page parameter

export const PAGE_MESSAGE = "The page must be a whole number from 1 to 10000.";

/** ?page=: missing is page 1; anything but a plain whole number from 1 to 10000 is null (a 400). */
export function parsePage(value: string | null): number | null {
  if (value === null || value === "") return 1;
  if (!/^[1-9][0-9]{0,4}$/.test(value)) return null;
  const page = Number(value);
  return page <= 10_000 ? page : null;
}

/** Entries grouped by UTC calendar day, newest day first (entries arrive newest first). */
export function groupByDay<T extends { changedAt: string }>(entries: T[]): { day: string; entries: T[] }[] {
  const days: { day: string; entries: T[] }[] = [];
  for (const entry of entries) {
    const day = entry.changedAt.slice(0, 10);
    if (days.at(-1)?.day !== day) days.push({ day, entries: [] });
    days.at(-1)!.entries.push(entry);
  }
  return days;
}

// ---------------------------------------------------------------- Atom (RFC 4287)

/** Entry ids are tag URIs (RFC 4151) on the app's name, so they stay the same on every host. */
const TAG = "tag:civic-atlas.fly.dev,2026:";
export const changeEntryId = (fieldUpdateId: number) => `${TAG}change/${fieldUpdateId}`;
/** A feed's id: the tag of the page it mirrors ("representative/12/history", "changes?state=TX"). */
export const changeFeedId = (page: string) => TAG + page;

export type AtomEntry = {
  id: string;
  title: string;
  updated: string;
  link: string;
  summary: string;
  author: string;
};

export type AtomFeed = {
  id: string;
  title: string;
  /** The feed's own address and the page it mirrors (absolute). */
  selfUrl: string;
  pageUrl: string;
  /** The newest entry's time, else a fixed moment: never "now", so an unchanged feed stays byte-identical. */
  updated: string;
  entries: AtomEntry[];
};

const escapeXml = (text: string) =>
  text
    // Characters XML 1.0 does not allow at all.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");

/** An Atom 1.0 document (RFC 4287): feed id, title, updated, author, self and alternate links, and one entry per change. */
export function atomFeed(feed: AtomFeed): string {
  const entries = feed.entries.map(
    (e) => `  <entry>
    <id>${escapeXml(e.id)}</id>
    <title type="text">${escapeXml(e.title)}</title>
    <updated>${e.updated}</updated>
    <author><name>${escapeXml(e.author)}</name></author>
    <link rel="alternate" type="text/html" href="${escapeXml(e.link)}"/>
    <summary type="text">${escapeXml(e.summary)}</summary>
  </entry>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>${escapeXml(feed.id)}</id>
  <title type="text">${escapeXml(feed.title)}</title>
  <updated>${feed.updated}</updated>
  <author><name>Civic Atlas</name></author>
  <link rel="self" type="application/atom+xml" href="${escapeXml(feed.selfUrl)}"/>
  <link rel="alternate" type="text/html" href="${escapeXml(feed.pageUrl)}"/>
${entries.join("\n")}
</feed>
`;
}

// ---------------------------------------------------------------- query strings

export type ChangeFilters = { page: number; stateAbbreviation: string | null; group: FieldGroup | null };

/**
 * The GET parameters of /changes and its feed and JSON: ?state=TX&group=contact&page=2. Empty
 * values mean "all" (what the form sends for "All states"). A malformed value is an error message (a 400).
 */
export function parseChangeFilters(params: URLSearchParams): { filters: ChangeFilters } | { error: string } {
  const page = parsePage(params.get("page"));
  if (page === null) return { error: PAGE_MESSAGE };
  const state = params.get("state")?.trim() ?? "";
  if (state && !/^[A-Za-z]{2}$/.test(state)) return { error: "The state must be a two-letter abbreviation, such as TX." };
  const group = params.get("group")?.trim() ?? "";
  if (group && !isFieldGroup(group)) return { error: "The field group must be contact, office or party." };
  return { filters: { page, stateAbbreviation: state ? state.toUpperCase() : null, group: group ? (group as FieldGroup) : null } };
}

/** The query string of a filtered list (page 1 left out), for links and feeds. */
export function changeFiltersQuery(filters: Partial<ChangeFilters>) {
  const params = new URLSearchParams();
  if (filters.stateAbbreviation) params.set("state", filters.stateAbbreviation);
  if (filters.group) params.set("group", filters.group);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** "History: 12 changes since March 2025" (the profile's and the state page's link text). */
export function historyLinkText(count: number, since: string | null) {
  if (!count || !since) return "History: no changes recorded yet";
  const month = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(since));
  return `History: ${count} ${count === 1 ? "change" : "changes"} since ${month}`;
}
