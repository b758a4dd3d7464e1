// Officials: data access and the rules about them.
import type { Db } from "~/db.server";
import { compareOfficials } from "~/lib/officials-order";
import type { SearchResult } from "~/lib/search";
import { publicDataVersion } from "~/models/public-data.server";
import { OFFICIAL_FIELDS } from "~/lib/staff-edits";
import { rollCallTextOf } from "~/models/voting-records.server";

/** What an official card shows. */
export const OFFICIAL_CARD = {
  id: true,
  name: true,
  firstName: true,
  lastName: true,
  party: true,
  office: true,
  district: true,
  photoUrl: true,
  photo: { select: { hash: true } },
  stateId: true,
} as const;

export async function officialsOfState(db: Db, stateId: number) {
  const officials = await db.official.findMany({ where: { stateId, isActive: true }, select: OFFICIAL_CARD });
  return officials.sort(compareOfficials);
}

/** Office and party of every active official, for map positions. */
export const officialParties = (db: Db) =>
  db.official.findMany({ where: { isActive: true }, select: { stateId: true, office: true, party: true } });

/**
 * Candidates for a search: every state and active official (a few hundred short rows), because
 * word order, common names and typos are matched by app/lib/search, not by SQL. Kept per database
 * while the public data's version stays the same, so a search reads no rows.
 */
export async function searchCandidates(db: Db): Promise<SearchResult[]> {
  const version = publicDataVersion();
  const kept = keptCandidates.get(db);
  if (kept?.version === version) return kept.candidates;
  const candidates = await readSearchCandidates(db);
  keptCandidates.set(db, { version, candidates });
  return candidates;
}
const keptCandidates = new WeakMap<Db, { version: number; candidates: SearchResult[] }>();

async function readSearchCandidates(db: Db): Promise<SearchResult[]> {
  const [states, officials] = await Promise.all([
    db.state.findMany({ select: { id: true, name: true, abbreviation: true } }),
    db.official.findMany({
      where: { isActive: true },
      select: {
        id: true,
        name: true,
        firstName: true,
        lastName: true,
        nickname: true,
        office: true,
        party: true,
        state: { select: { abbreviation: true, name: true } },
      },
    }),
  ]);
  return [
    ...states.map((s) => ({ kind: "state" as const, ...s })),
    ...officials.map(({ state, ...o }) => ({
      kind: "official" as const,
      ...o,
      stateAbbreviation: state.abbreviation,
      stateName: state.name,
    })),
  ];
}

export const OFFICIAL_PUBLIC = {
  ...OFFICIAL_CARD,
  committee: true,
  email: true,
  phone: true,
  website: true,
  officeAddress: true,
  tenure: true,
  billsSponsored: true,
  approvalRating: true,
  bioguideId: true,
  isActive: true,
  contactUpdatedAt: true,
  xProfileUrl: true,
  gender: true,
  govtrackId: true,
  opensecretId: true,
  ballotpediaSlug: true,
  dateOfBirth: true,
  fecId: true,
  votesmartId: true,
  icpsrId: true,
  wikipediaSlug: true,
  washingtonPostSlug: true,
  updatedAt: true,
} as const;

export const findOfficial = (db: Db, id: number) =>
  db.official.findUnique({
    where: { id },
    select: { ...OFFICIAL_PUBLIC, contactFormUrl: true, state: { select: { id: true, name: true, abbreviation: true } } },
  });

export const listOfficials = (db: Db, where: { office?: string; stateId?: number } = {}) =>
  db.official.findMany({
    where: { isActive: true, ...where },
    select: OFFICIAL_PUBLIC,
    orderBy: [{ lastName: "asc" }, { firstName: "asc" }],
  });

export const votingRecordsOf = async (db: Db, officialId: number, take = 20) =>
  rollCallTextOf(
    db,
    await db.votingRecord.findMany({
      where: { officialId },
      orderBy: { voteDate: "desc" },
      take,
      select: { id: true, voteId: true, billTitle: true, billNumber: true, description: true, voteDate: true, votePosition: true },
    }),
  );

/** The latest successful check of each named source by an import (SourceCheck). */
export async function latestSourceChecks(db: Db, sourceNames?: string[]): Promise<Map<string, Date>> {
  const checks = await db.sourceCheck.groupBy({
    by: ["sourceName"],
    where: sourceNames ? { sourceName: { in: sourceNames } } : {},
    _max: { checkedAt: true },
  });
  return new Map(checks.flatMap((c) => (c._max.checkedAt ? [[c.sourceName, c._max.checkedAt] as const] : [])));
}

/**
 * When a value was last verified: the later of when it last changed (its provenance row) and the
 * latest successful check of its source by an import, which re-verifies every value it found
 * unchanged without rewriting it. A value the source no longer holds (heldBySource false) was last
 * verified at its row's date: later checks of that source did not confirm it.
 */
export function verifiedAtOf(
  row: { method: string; sourceName: string; verifiedAt: Date; heldBySource?: boolean },
  latestChecks: Map<string, Date>,
): Date {
  const checked = row.method === "import" && row.heldBySource !== false ? latestChecks.get(row.sourceName) : undefined;
  return checked && checked > row.verifiedAt ? checked : row.verifiedAt;
}

/** Where each value of an official came from and when it was last verified (verifiedAtOf). */
export async function provenanceOf(db: Db, officialId: number) {
  const rows = await db.provenance.findMany({
    where: { entityType: "official", entityId: officialId },
    select: { fieldName: true, sourceName: true, sourceUrl: true, verifiedAt: true, method: true, heldBySource: true },
  });
  const imported = [...new Set(rows.filter((r) => r.method === "import").map((r) => r.sourceName))];
  const latestCheck = imported.length ? await latestSourceChecks(db, imported) : new Map<string, Date>();
  return Object.fromEntries(rows.map((r) => [r.fieldName, { ...r, verifiedAt: verifiedAtOf(r, latestCheck) }]));
}

/** Recent public changes to officials' data, newest first (from provenance). */
export const recentActivities = (db: Db, take = 50) =>
  db.provenance.findMany({
    where: { entityType: "official" },
    orderBy: [{ verifiedAt: "desc" }, { id: "desc" }],
    take,
    select: { entityId: true, fieldName: true, sourceName: true, method: true, verifiedAt: true },
  });

/** The governor's contact page: the contact form, else the website. */
export async function governorContactUrlOf(db: Db, stateId: number): Promise<string | null> {
  const governor = await db.official.findFirst({
    where: { stateId, office: "Governor", isActive: true },
    select: { contactFormUrl: true, website: true },
  });
  return governor?.contactFormUrl ?? governor?.website ?? null;
}

/** Everything staff see and edit on the representative detail page, with the voting-record count. */
export const findOfficialForStaff = (db: Db, id: number) =>
  db.official.findUnique({
    where: { id },
    select: {
      ...OFFICIAL_PUBLIC,
      ...(Object.fromEntries(Object.keys(OFFICIAL_FIELDS).map((k) => [k, true])) as Record<keyof typeof OFFICIAL_FIELDS, true>),
      committee: true,
      tenure: true,
      billsSponsored: true,
      approvalRating: true,
      state: { select: { id: true, name: true, abbreviation: true } },
      photo: { select: { hash: true } },
      _count: { select: { votingRecords: true } },
    },
  });

/**
 * The Representatives tab of Data Management: search by name or state, filter by party and state
 * (abbreviation), the first `take` (50 by default) of `total` matches, and the filter choices.
 */
export async function staffOfficialList(db: Db, filters: { q?: string; party?: string; state?: string } = {}, take = 50) {
  const q = filters.q?.trim();
  const where = {
    isActive: true,
    ...(filters.party ? { party: filters.party } : {}),
    ...(filters.state ? { state: { abbreviation: filters.state.toUpperCase() } } : {}),
    ...(q
      ? { OR: [{ name: { contains: q } }, { state: { name: { contains: q } } }, { state: { abbreviation: { equals: q.toUpperCase() } } }] }
      : {}),
  };
  const [officials, total, parties, states] = await Promise.all([
    db.official.findMany({
      where,
      take,
      orderBy: [{ lastName: "asc" }, { firstName: "asc" }],
      select: { ...OFFICIAL_CARD, state: { select: { abbreviation: true, name: true } } },
    }),
    db.official.count({ where }),
    db.official.findMany({ where: { isActive: true }, distinct: ["party"], select: { party: true }, orderBy: { party: "asc" } }),
    db.state.findMany({
      where: { officials: { some: { isActive: true } } },
      select: { abbreviation: true, name: true },
      orderBy: { name: "asc" },
    }),
  ]);
  return { officials, total, parties: parties.map((p) => p.party), states };
}

/**
 * Who holds a seat now: the active official of the same office and state; for the House, the same
 * district; for the Senate, the same class (a seat of unknown class has no holder to name). Null
 * when nobody does. A former official's profile links to them.
 */
export async function seatHolderOf(db: Db, seat: { office: string; stateId: number; district: string | null; senateClass: number | null }) {
  if (seat.office === "Senator" && seat.senateClass === null) return null;
  if (seat.office === "Representative" && seat.district === null) return null;
  return db.official.findFirst({
    where: {
      isActive: true,
      office: seat.office,
      stateId: seat.stateId,
      ...(seat.office === "Representative" ? { district: seat.district } : {}),
      ...(seat.office === "Senator" ? { senateClass: seat.senateClass } : {}),
    },
    orderBy: { id: "asc" },
    select: { id: true, name: true, party: true },
  });
}

/** An official's terms of office (OfficialTerm) and Senate class, for a former official's profile. */
export const termsOfOfficial = (db: Db, officialId: number) =>
  db.official.findUnique({
    where: { id: officialId },
    select: {
      senateClass: true,
      officeTerms: {
        select: { type: true, start: true, end: true, state: true, district: true, senateClass: true, endReason: true, isCurrent: true },
      },
    },
  });
