// Governors from openstates/people (CC0): the shipped governors.json and the live person files
// (data/{state}/executive/*.yml) both become a GovernorSource, and one mapping turns that into
// Official columns and a term. Pure: the seed and the congress_import job share it.
import { normalizeParty } from "~/lib/party";
import { termBoundary, termCovers } from "~/lib/terms";

export type GovernorSource = {
  state: string;
  name: string;
  firstName: string;
  lastName: string;
  party: string;
  /** Start of continuous service (YYYY-MM-DD). */
  termStart: string;
  /** The term's end when the source gives one: past, the term ended; future, when it is to end. */
  roleEnd?: string | null;
  website: string | null;
  photoUrl: string | null;
  phone: string | null;
  address: string | null;
  contactFormUrl: string | null;
  xProfileUrl: string | null;
  sources: string[];
  asOf: string;
  /** ocd-person/...; absent for a shipped record that has no openstates file. */
  openstatesId?: string | null;
};

export const GOVERNORS_SOURCE_NAME = "openstates/people";

/** The openstates person id named in a record's sources (the person file's name ends in its uuid). */
export function openstatesIdOf(g: GovernorSource): string | null {
  if (g.openstatesId) return g.openstatesId;
  for (const url of g.sources) {
    const match = url.match(/openstates\/people\/.*\/executive\/.*-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.yml$/);
    if (match) return `ocd-person/${match[1]}`;
  }
  return null;
}

export function governorToOfficial(g: GovernorSource) {
  return {
    name: g.name,
    firstName: g.firstName,
    lastName: g.lastName,
    party: normalizeParty(g.party),
    office: "Governor",
    stateAbbreviation: g.state,
    phone: g.phone,
    website: g.website,
    contactFormUrl: g.contactFormUrl,
    officeAddress: officeAddress(g.address),
    photoUrl: g.photoUrl,
    xProfileUrl: g.xProfileUrl,
    tenure: `Since ${g.termStart.slice(0, 4)}`,
    openstatesId: openstatesIdOf(g),
  };
}

/**
 * The capitol address as stored, from the source's form (parts separated by ";", some empty, and a
 * ZIP code may end in a dangling "-": "PO Box 142325 ; ; Salt Lake City, UT 84114-"). The seed's
 * shipped records and the import's person files both pass through here, so they store the same text.
 */
export function officeAddress(address: string | null) {
  if (!address) return null;
  const parts = address
    .split(";")
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.join(", ").replace(/(\d{5})-$/, "$1") || null;
}

/** The governor's current term as an OfficialTerm row. */
export function governorTerm(g: GovernorSource) {
  return {
    type: "gov",
    // The start of continuous service, so a re-election is the same term (as the shipped data has it).
    start: g.termStart,
    end: g.roleEnd ?? null,
    state: g.state,
    district: null,
    party: normalizeParty(g.party),
    senateClass: null,
    stateRank: null,
    url: g.website,
    address: null,
    office: null,
    phone: g.phone,
    contactForm: null,
    endReason: null,
    isCurrent: true,
  };
}

// ---------------------------------------------------------------- openstates person files

type Dated = { start_date?: string; end_date?: string };
export type OpenstatesPerson = {
  id: string;
  name: string;
  given_name?: string;
  family_name?: string;
  image?: string;
  party?: ({ name: string } & Dated)[];
  roles?: ({ type: string; jurisdiction?: string } & Dated)[];
  offices?: { classification?: string; address?: string; voice?: string }[];
  links?: { url: string; note?: string }[];
  ids?: { twitter?: string };
};

const day = (v: unknown) => (v === undefined || v === null ? undefined : String(v).slice(0, 10));

/**
 * The governorship in `person`'s file as it stands at `at`: the latest governor role that has
 * started (held now, or ended: `roleEnd` says when), else the first one still to come (a
 * governor-elect). Null for a file with no governor role. Whether it covers `at` is the caller's
 * question (termCovers), so a file can end a term as well as begin one.
 */
export function governorFromOpenstates(person: OpenstatesPerson, fileUrl: string, at: Date): GovernorSource | null {
  const today = at.toISOString().slice(0, 10);
  const roles = (person.roles ?? [])
    .filter((r) => r.type === "governor" && day(r.start_date))
    .map((r) => ({ start: day(r.start_date)!, end: day(r.end_date) ?? null, jurisdiction: r.jurisdiction ?? "" }))
    .sort((a, b) => a.start.localeCompare(b.start));
  const started = roles.filter((r) => termBoundary(r.start) <= at);
  const current = started.length ? started[started.length - 1] : roles[0];
  if (!current) return null;
  const state = current.jurisdiction.match(/(?:state|district|territory):([a-z]{2})/)?.[1]?.toUpperCase();
  if (!state) return null;
  // Continuous service: earlier governor roles that end where the next begins (within a week).
  let termStart = current.start;
  for (let i = roles.indexOf(current) - 1; i >= 0; i--) {
    const gap = (Date.parse(termStart) - Date.parse(roles[i].end ?? termStart)) / 86_400_000;
    if (gap > 7) break;
    termStart = roles[i].start;
  }
  const party = (person.party ?? []).find((p) => !day(p.end_date) || day(p.end_date)! > today) ?? person.party?.[0];
  // An office whose address is in another state is a copying slip in the source (WY has Puerto Rico's).
  const elsewhere = (address?: string) => {
    const code = address?.match(/,\s*([A-Z]{2})\s+\d{5}/)?.[1];
    return code !== undefined && code !== state;
  };
  const capitol = (person.offices ?? []).find((o) => o.classification === "capitol" && !elsewhere(o.address));
  const links = person.links ?? [];
  const nameParts = person.name.split(" ");
  return {
    state,
    name: person.name,
    firstName: person.given_name ?? nameParts[0],
    lastName: person.family_name ?? nameParts[nameParts.length - 1],
    party: party?.name ?? "Other",
    termStart,
    roleEnd: current.end,
    website: links.find((l) => !l.note)?.url ?? null,
    photoUrl: person.image ?? null,
    phone: capitol?.voice ?? null,
    address: capitol?.address ?? null,
    contactFormUrl: links.find((l) => l.note === "webform")?.url ?? null,
    xProfileUrl: person.ids?.twitter ? `https://x.com/${person.ids.twitter}` : null,
    sources: [fileUrl],
    asOf: today,
    openstatesId: person.id,
  };
}

/**
 * The source's governorships at `at`, by what they say: `current`, one per state (two covering one
 * state means a file not yet updated: the later term wins); `upcoming`, governors-elect whose term
 * has not begun; `ended`, terms the source says are over (the holder left on `roleEnd`).
 */
export function governorsAt(sources: GovernorSource[], at: Date) {
  const current = new Map<string, GovernorSource>();
  const upcoming: GovernorSource[] = [];
  const ended: GovernorSource[] = [];
  for (const g of sources) {
    const term = { start: g.termStart, end: g.roleEnd ?? null };
    if (termCovers(term, at)) {
      const other = current.get(g.state);
      if (!other || other.termStart < g.termStart) current.set(g.state, g);
    } else if (termBoundary(g.termStart) > at) upcoming.push(g);
    else ended.push(g);
  }
  return { current: [...current.values()], upcoming, ended };
}
