// Maps unitedstates/congress-legislators records (CC0) to the Official shape. Pure: the seed
// and the congress_import job both call it, so a live refresh and the shipped data agree.
import { normalizeParty } from "~/lib/party";
import { termBoundary, termCovers } from "~/lib/terms";

export const CONGRESS_LEGISLATORS_SOURCE = {
  name: "congress-legislators",
  legislatorsUrl: "https://unitedstates.github.io/congress-legislators/legislators-current.json",
  historicalUrl: "https://unitedstates.github.io/congress-legislators/legislators-historical.json",
  socialUrl: "https://unitedstates.github.io/congress-legislators/legislators-social-media.json",
  officesUrl: "https://unitedstates.github.io/congress-legislators/legislators-district-offices.json",
  committeesUrl: "https://unitedstates.github.io/congress-legislators/committees-current.json",
  membershipUrl: "https://unitedstates.github.io/congress-legislators/committee-membership-current.json",
};

export const congressPhotoUrl = (bioguideId: string) => `https://unitedstates.github.io/images/congress/225x275/${bioguideId}.jpg`;

export type LegislatorTerm = {
  type: "rep" | "sen";
  start: string;
  end?: string;
  state: string;
  district?: number;
  party?: string;
  class?: number;
  state_rank?: string;
  url?: string;
  address?: string;
  office?: string;
  phone?: string;
  contact_form?: string;
  /** Why the term ends before its scheduled end, e.g. "special-election" (an appointee's seat). */
  "end-type"?: string;
};

export type Legislator = {
  id: Record<string, string | number | string[] | undefined> & { bioguide: string; fec?: string[] };
  name: { first: string; middle?: string; last: string; suffix?: string; nickname?: string; official_full?: string };
  bio?: { birthday?: string; gender?: string };
  terms: LegislatorTerm[];
  leadership_roles?: { title: string; chamber?: string; start?: string; end?: string }[];
};

export type LegislatorSocial = {
  id: { bioguide: string };
  social: { twitter?: string; facebook?: string; instagram?: string; youtube?: string; youtube_id?: string; mastodon?: string };
};

export type LegislatorOffices = {
  id: { bioguide: string };
  offices: {
    id: string;
    address?: string;
    suite?: string;
    building?: string;
    city?: string;
    state?: string;
    zip?: string;
    phone?: string;
    fax?: string;
    hours?: string;
    latitude?: number;
    longitude?: number;
  }[];
};

export type CommitteeSource = {
  type: "house" | "senate" | "joint";
  name: string;
  thomas_id: string;
  url?: string;
  subcommittees?: { name: string; thomas_id: string }[];
};

export type CommitteeMembership = Record<string, { name: string; party?: string; rank?: number; title?: string; bioguide: string }[]>;

/** District as shown on screen: "01".."53", or "AL" for an at-large seat or a delegate. */
export function formatDistrict(district: number | undefined): string | null {
  if (district === undefined) return null;
  return district === 0 ? "AL" : String(district).padStart(2, "0");
}

const str = (v: unknown) => (v === undefined || v === null || v === "" ? null : String(v));

/** Start of continuous service in the current chamber: consecutive terms of the same type. */
export function serviceStart(terms: LegislatorTerm[]): string {
  const current = terms[terms.length - 1];
  let start = current.start;
  for (let i = terms.length - 2; i >= 0; i--) {
    const t = terms[i];
    const next = terms[i + 1];
    // A gap of more than a few days means service was interrupted.
    const gapDays = (Date.parse(next.start) - Date.parse(t.end ?? next.start)) / 86_400_000;
    if (t.type !== current.type || t.state !== current.state || gapDays > 7) break;
    start = t.start;
  }
  return start;
}

/** Human summary of the terms, newest first, e.g. "U.S. Senate (WA), 2001–2031". */
export function summarizeTerms(terms: LegislatorTerm[]): string {
  const runs: { type: string; state: string; start: string; end?: string; count: number }[] = [];
  for (const t of terms) {
    const last = runs[runs.length - 1];
    if (last && last.type === t.type && last.state === t.state) {
      last.end = t.end;
      last.count++;
    } else runs.push({ type: t.type, state: t.state, start: t.start, end: t.end, count: 1 });
  }
  return runs
    .reverse()
    .map((r) => {
      const chamber = r.type === "sen" ? "U.S. Senate" : "U.S. House";
      const years = `${r.start.slice(0, 4)}–${r.end ? r.end.slice(0, 4) : "present"}`;
      return `${chamber} (${r.state}), ${years}, ${r.count} term${r.count === 1 ? "" : "s"}`;
    })
    .join("\n");
}

function socialUrls(social: LegislatorSocial["social"] | undefined) {
  if (!social) return {};
  const mastodon = social.mastodon?.match(/^@?([^@]+)@(.+)$/);
  return {
    xProfileUrl: social.twitter ? `https://x.com/${social.twitter}` : null,
    facebookUrl: social.facebook ? `https://www.facebook.com/${social.facebook}` : null,
    instagramUrl: social.instagram ? `https://www.instagram.com/${social.instagram}` : null,
    youtubeUrl: social.youtube
      ? `https://www.youtube.com/${social.youtube}`
      : social.youtube_id
        ? `https://www.youtube.com/channel/${social.youtube_id}`
        : null,
    mastodonUrl: mastodon ? `https://${mastodon[2].toLowerCase()}/@${mastodon[1]}` : null,
  };
}

/**
 * The term a member's record describes at `at`: the latest that has started (the one serving, or
 * the last one served), else the first upcoming one (a member-elect). A file that already lists
 * the next Congress does not move a re-elected member to their next office early.
 */
export function presentTerm(terms: LegislatorTerm[], at: Date): LegislatorTerm {
  const started = terms.filter((t) => termBoundary(t.start) <= at);
  return started.length ? started[started.length - 1] : terms[0];
}

/** The Official columns for one member of Congress at `at` (everything but stateId; isActive is the term clock's). */
export function legislatorToOfficial(l: Legislator, social: LegislatorSocial["social"] | undefined, at: Date) {
  const term = presentTerm(l.terms, at);
  const firstName = l.name.first;
  const name = l.name.official_full ?? [l.name.nickname ?? l.name.first, l.name.last, l.name.suffix].filter(Boolean).join(" ");
  const fecIds = l.id.fec ?? [];
  const currentLeadership = (l.leadership_roles ?? []).filter((r) => !r.end).map((r) => r.title);
  return {
    name,
    firstName,
    lastName: l.name.last,
    middleName: str(l.name.middle),
    suffix: str(l.name.suffix),
    nickname: str(l.name.nickname),
    party: normalizeParty(term.party),
    office: term.type === "sen" ? "Senator" : "Representative",
    stateAbbreviation: term.state,
    district: term.type === "rep" ? formatDistrict(term.district) : null,
    senateClass: term.class ?? null,
    stateRank: str(term.state_rank),
    phone: str(term.phone),
    website: str(term.url),
    contactFormUrl: str(term.contact_form),
    officeAddress: str(term.address),
    photoUrl: congressPhotoUrl(l.id.bioguide),
    ...socialUrls(social),
    dateOfBirth: str(l.bio?.birthday),
    gender: l.bio?.gender === "M" ? "Male" : l.bio?.gender === "F" ? "Female" : str(l.bio?.gender),
    tenure: `Since ${serviceStart(l.terms.slice(0, l.terms.indexOf(term) + 1)).slice(0, 4)}`,
    terms: summarizeTerms(l.terms),
    leadership: currentLeadership.length ? currentLeadership.join("\n") : null,
    bioguideId: l.id.bioguide,
    govtrackId: str(l.id.govtrack),
    opensecretId: str(l.id.opensecrets),
    fecId: str(fecIds[0]),
    fecIds: fecIds.length ? fecIds : null,
    votesmartId: str(l.id.votesmart),
    ballotpediaSlug: l.id.ballotpedia ? String(l.id.ballotpedia).replaceAll(" ", "_") : null,
    icpsrId: str(l.id.icpsr),
    wikipediaSlug: l.id.wikipedia ? String(l.id.wikipedia).replaceAll(" ", "_") : null,
    lisId: str(l.id.lis),
    thomasId: str(l.id.thomas),
    cspanId: str(l.id.cspan),
    wikidataId: str(l.id.wikidata),
    googleEntityId: str(l.id.google_entity_id),
    houseHistoryId: str(l.id.house_history),
    maplightId: str(l.id.maplight),
    pictorialId: str(l.id.pictorial),
  };
}

/** The member's terms as OfficialTerm rows; isCurrent says whether each covers `at` (termCovers). */
export function legislatorTerms(l: Legislator, at: Date) {
  return l.terms.map((t) => ({
    type: t.type,
    start: t.start,
    end: t.end ?? null,
    state: t.state,
    district: t.district ?? null,
    party: t.party ? normalizeParty(t.party) : null,
    senateClass: t.class ?? null,
    stateRank: t.state_rank ?? null,
    url: t.url ?? null,
    address: t.address ?? null,
    office: t.office ?? null,
    phone: t.phone ?? null,
    contactForm: t.contact_form ?? null,
    endReason: t["end-type"] ?? null,
    isCurrent: termCovers({ start: t.start, end: t.end ?? null }, at),
  }));
}

/** A district office row; the source sometimes gives numbers where text is meant (suite 104). */
export function districtOfficeRow(o: LegislatorOffices["offices"][number]) {
  return {
    id: o.id,
    address: str(o.address),
    suite: str(o.suite),
    building: str(o.building),
    city: str(o.city),
    state: str(o.state),
    zip: str(o.zip),
    phone: str(o.phone),
    fax: str(o.fax),
    hours: str(o.hours),
    latitude: o.latitude ?? null,
    longitude: o.longitude ?? null,
  };
}

/** Top-level committees and their subcommittees (id = parent id + sub id, as the membership file keys them). */
export function flattenCommittees(committees: CommitteeSource[]) {
  return committees.flatMap((c) => [
    { id: c.thomas_id, name: c.name, chamber: c.type, url: c.url ?? null, parentId: null as string | null },
    ...(c.subcommittees ?? []).map((s) => ({
      id: c.thomas_id + s.thomas_id,
      name: s.name,
      chamber: c.type,
      url: null,
      parentId: c.thomas_id as string | null,
    })),
  ]);
}

export const CONGRESS_LEGISLATORS_FILES = [
  "legislators-current.json",
  "legislators-social-media.json",
  "committees-current.json",
  "committee-membership-current.json",
  "legislators-district-offices.json",
] as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Why the five files are not what the import expects (a message naming the file), or null when they are. */
export function congressFilesProblem(files: unknown[]): string | null {
  const [legislators, social, committees, membership, offices] = files;
  const badLegislator = (l: unknown) =>
    !isObject(l) || !isObject(l.id) || typeof l.id.bioguide !== "string" || !isObject(l.name) || !Array.isArray(l.terms) || !l.terms.length;
  if (!Array.isArray(legislators) || !legislators.length || legislators.some(badLegislator))
    return "legislators-current.json is not a list of legislators with ids, names and terms";
  const keyed = (list: unknown) =>
    Array.isArray(list) && list.every((x) => isObject(x) && isObject(x.id) && typeof x.id.bioguide === "string");
  if (!keyed(social)) return "legislators-social-media.json is not a list of social accounts by bioguide id";
  if (!keyed(offices)) return "legislators-district-offices.json is not a list of offices by bioguide id";
  if (!Array.isArray(committees) || committees.some((c) => !isObject(c) || typeof c.thomas_id !== "string" || typeof c.name !== "string"))
    return "committees-current.json is not a list of committees";
  if (!isObject(membership) || Object.values(membership).some((m) => !Array.isArray(m)))
    return "committee-membership-current.json is not a map of committee members";
  return null;
}
