// The public reference data: states, members of Congress, governors and committees, with
// provenance for every value. One mapping from the sources to rows (congressRecords,
// governorRecord) and one way of writing it (syncOfficials), used by the seed on an empty
// database and by the congress_import job every night. Officials are found again by their stable
// ids: bioguide for Congress, the openstates person id (else name and state) for governors.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import {
  CONGRESS_LEGISLATORS_SOURCE as CL,
  flattenCommittees,
  districtOfficeRow,
  legislatorTerms,
  legislatorToOfficial,
  type CommitteeMembership,
  type CommitteeSource,
  type Legislator,
  type LegislatorOffices,
  type LegislatorSocial,
} from "~/lib/congress-legislators";
import { GOVERNORS_SOURCE_NAME, governorTerm, governorToOfficial, type GovernorSource } from "~/lib/governors-source";
import { governorParty, partyControl, politicalLeaning } from "~/lib/political-leaning";
import { END_DATE_NOT_ON_FILE, termBoundary, termCovers } from "~/lib/terms";
import { DERIVED_SOURCE, recordImportedChanges } from "~/models/change-history.server";
import { fileSourceDisagreements } from "~/models/data-updates.server";

export type StateSource = {
  name: string;
  abbreviation: string;
  fips: string;
  population: number;
  populationSource: string;
  electoralVotes: number;
  type: "state" | "district" | "territory";
  houseSeats: number;
};

export type StateWebsiteSource = { abbreviation: string; officialWebsite: string | null };

export type ReferenceData = {
  states: StateSource[];
  legislators: Legislator[];
  /**
   * Members who left the House before the snapshot and whose seats it shows vacant, as the
   * historical file has them: they record when each seat became vacant (their last term's end).
   */
  formerLegislators: Legislator[];
  social: LegislatorSocial[];
  offices: LegislatorOffices[];
  committees: CommitteeSource[];
  membership: CommitteeMembership;
  governors: GovernorSource[];
  /** Each jurisdiction's official web portal (null where no source names one). */
  stateWebsites: StateWebsiteSource[];
  /** When the congress-legislators snapshot was taken (its commit date). */
  congressRetrievedAt: Date;
};

/** The data the app ships with, from prisma/data (sources in prisma/data/SOURCES.md). */
export function readShippedData(dir = "prisma/data"): ReferenceData {
  const read = (file: string) => JSON.parse(readFileSync(path.join(dir, file), "utf8"));
  return {
    states: read("states.json"),
    governors: read("governors.json"),
    stateWebsites: read("state-websites.json"),
    legislators: read("congress-legislators/legislators-current.json"),
    formerLegislators: read("congress-legislators/legislators-former.json"),
    social: read("congress-legislators/legislators-social-media.json"),
    offices: read("congress-legislators/legislators-district-offices.json"),
    committees: read("congress-legislators/committees-current.json"),
    membership: read("congress-legislators/committee-membership-current.json"),
    // The congress-legislators snapshot's commit date (prisma/data/congress-legislators/README.md).
    congressRetrievedAt: new Date("2026-06-15"),
  };
}

type SourceInfo = { name: string; url: string | null; fieldUrls?: Record<string, string> };
type TermRow = Omit<Prisma.OfficialTermCreateManyInput, "officialId" | "id">;
type OfficeRow = ReturnType<typeof districtOfficeRow>;
type AssignmentRow = { committeeId: string; side: string | null; rank: number | null; title: string | null };

/** One official as a source has them: the columns, the terms and (Congress) offices and committees. */
export type OfficialRecord = {
  scope: "congress" | "governors";
  label: string;
  stateAbbreviation: string;
  values: Record<string, unknown>;
  /** A term covers the record's moment: the official is serving (written on insert; the term clock keeps it after). */
  active: boolean;
  /** Congress: the whole history (replaced when it differs). Governors: the current term only (history is kept). */
  terms: TermRow[];
  districtOffices?: OfficeRow[];
  committeeAssignments?: AssignmentRow[];
  source: SourceInfo;
};

export type CongressData = Pick<ReferenceData, "legislators" | "social" | "offices" | "committees" | "membership">;

const SOCIAL_FIELDS = ["xProfileUrl", "facebookUrl", "instagramUrl", "youtubeUrl", "mastodonUrl"];
const CONGRESS_SOURCE: SourceInfo = {
  name: CL.name,
  url: CL.legislatorsUrl,
  fieldUrls: {
    ...Object.fromEntries(SOCIAL_FIELDS.map((f) => [f, CL.socialUrl])),
    districtOffices: CL.officesUrl,
    committee: CL.membershipUrl,
    committees: CL.membershipUrl,
    committeeAssignments: CL.membershipUrl,
  },
};

/** The congress-legislators files as official records (the one mapping of the seed and the import). */
export function congressRecords(data: CongressData, at: Date): OfficialRecord[] {
  const committees = new Map(flattenCommittees(data.committees).map((c) => [c.id, c]));
  const socialByBioguide = new Map(data.social.map((s) => [s.id.bioguide, s.social]));
  const officesByBioguide = new Map(data.offices.map((o) => [o.id.bioguide, o.offices]));
  const assignmentsByBioguide = new Map<string, AssignmentRow[]>();
  for (const [committeeId, members] of Object.entries(data.membership)) {
    if (!committees.has(committeeId)) continue;
    for (const m of members) {
      const list = assignmentsByBioguide.get(m.bioguide) ?? [];
      list.push({ committeeId, side: m.party ?? null, rank: m.rank ?? null, title: m.title ?? null });
      assignmentsByBioguide.set(m.bioguide, list);
    }
  }
  return data.legislators.map((legislator) => {
    const bioguide = legislator.id.bioguide;
    const { stateAbbreviation, ...values } = legislatorToOfficial(legislator, socialByBioguide.get(bioguide), at);
    const terms = legislatorTerms(legislator, at);
    const assignments = assignmentsByBioguide.get(bioguide) ?? [];
    const topLevel = assignments.filter((a) => !committees.get(a.committeeId)?.parentId);
    const key = topLevel.find((a) => a.title) ?? topLevel[0];
    return {
      scope: "congress",
      label: values.name,
      stateAbbreviation,
      values: {
        ...values,
        committee: key ? committees.get(key.committeeId)!.name : null,
        committees: topLevel.length ? topLevel.map((a) => committees.get(a.committeeId)!.name).join("\n") : null,
      },
      active: terms.some((t) => t.isCurrent),
      terms,
      districtOffices: (officesByBioguide.get(bioguide) ?? []).map(districtOfficeRow),
      committeeAssignments: assignments,
      source: CONGRESS_SOURCE,
    };
  });
}

/**
 * Former members as official records: inactive, with every term ended, sourced from the historical
 * file. A seat with no holder is vacant since its last holder's term ended (vacantSinceOf).
 */
export function formerMemberRecords(data: CongressData & { formerLegislators: Legislator[] }, at: Date): OfficialRecord[] {
  return congressRecords({ ...data, legislators: data.formerLegislators }, at).map((record) => ({
    ...record,
    source: { name: CONGRESS_SOURCE.name, url: CL.historicalUrl },
  }));
}

/** A governor as an official record. */
export function governorRecord(g: GovernorSource, at: Date): OfficialRecord {
  const { stateAbbreviation, ...values } = governorToOfficial(g);
  const term = { ...governorTerm(g), isCurrent: termCovers({ start: g.termStart, end: g.roleEnd ?? null }, at) };
  return {
    scope: "governors",
    label: g.name,
    stateAbbreviation,
    values,
    active: term.isCurrent,
    terms: [term],
    source: { name: GOVERNORS_SOURCE_NAME, url: g.sources[0] ?? null },
  };
}

// ---------------------------------------------------------------- writing officials

/** Members written per transaction: each stays well under 100 ms. */
export const SYNC_BATCH = 5;

// Fields that are not values from a source (keys and bookkeeping).
const NOT_PROVENANCED = new Set(["stateAbbreviation", "openstatesId"]);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const termKey = (t: { type: string; start: string }) => `${t.type}|${t.start}`;
const termShape = (t: TermRow) =>
  [
    t.type,
    t.start,
    t.end,
    t.state,
    t.district,
    t.party,
    t.senateClass,
    t.stateRank,
    t.url,
    t.address,
    t.office,
    t.phone,
    t.contactForm,
    t.endReason,
  ].map((v) => v ?? null);
// Coordinates come back from SQLite a digit shorter than the source writes them: compare to 1e-7° (about 1 cm).
const coordinate = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(v * 1e7) / 1e7);
const officeShape = (o: OfficeRow) =>
  [
    o.id,
    o.address,
    o.suite,
    o.building,
    o.city,
    o.state,
    o.zip,
    o.phone,
    o.fax,
    o.hours,
    coordinate(o.latitude),
    coordinate(o.longitude),
  ].map((v) => v ?? null);
const assignmentShape = (a: AssignmentRow) => [a.committeeId, a.side, a.rank, a.title].map((v) => v ?? null);
const sortedShapes = <T>(rows: T[], shape: (row: T) => unknown[]) =>
  JSON.stringify(
    rows
      .map(shape)
      .map((r) => JSON.stringify(r))
      .sort(),
  );

export type SyncOptions = {
  /** The time written into new provenance rows (the run's time; the snapshot's date for the seed). */
  at: Date;
  /** The job execution writing (recorded with each change in the public history). */
  executionId?: number;
  /** Record changes in the public history (default). Off for the seed: a first load is not a change. */
  history?: boolean;
  /** Between batches: the job's step (yield, stop when cancelled). */
  step?: () => Promise<void>;
  progress?: (completed: number, total: number, currentItem: string) => void;
  log?: (line: string) => void;
  /**
   * Congress: how members who left ended their service, by bioguide id, as the source's historical
   * file records it (the last term's end and end-type). A member missing from it keeps an end date
   * already known, else is ended on a day not on file: never on the run's date.
   */
  departures?: (bioguideIds: string[]) => Promise<Map<string, Departure>>;
  /**
   * The records are the source's whole list (an import; the default): officials of the scope not
   * among them are no longer held by the source (markUnheld). False for the seed's record-by-record load.
   */
  complete?: boolean;
};

/** How a member's service ended, as the source records it. */
export type Departure = { end: string; endReason: string | null };

/** How an import records its changes in the public history: its execution, and states by name. */
type ImportHistory = { executionId?: number; stateName: (stateId: number) => string };

export type SyncSummary = {
  processed: number;
  inserted: number;
  updated: number;
  unchanged: number;
  deactivated: number;
  provenanceRows: number;
};

type Existing = Awaited<ReturnType<typeof loadExisting>>[number];

function loadExisting(db: Db, scope: OfficialRecord["scope"]) {
  return db.official.findMany({
    where: scope === "congress" ? { bioguideId: { not: null } } : { office: "Governor" },
    include: { officeTerms: true, districtOffices: true, committeeAssignments: true },
  });
}

/**
 * Writes `records` (all of one scope) to the database: inserts new people, updates what changed
 * (with a new provenance row per changed value), and ends the terms of those the source no longer
 * lists: Congress members missing from the source, and governors whose state has a new governor
 * (a governor whose term ended without a successor in the source stays: a governorship passes at
 * once, so that is the source lagging). Values set by staff (provenance other than an import) are
 * left as they are. Nothing is deleted. An unchanged source writes nothing.
 */
export async function syncOfficials(db: Db, records: OfficialRecord[], scope: OfficialRecord["scope"], options: SyncOptions) {
  const { at, step = async () => {}, progress = () => {}, log = () => {} } = options;
  const summary: SyncSummary = {
    processed: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    deactivated: 0,
    provenanceRows: 0,
  };
  const states = await db.state.findMany({ select: { id: true, abbreviation: true, name: true } });
  const stateIds = new Map(states.map((s) => [s.abbreviation, s.id]));
  const stateNames = new Map(states.map((s) => [s.id, s.name]));
  const history: ImportHistory | null =
    options.history === false ? null : { executionId: options.executionId, stateName: (id) => stateNames.get(id) ?? String(id) };
  const existing = await loadExisting(db, scope);
  const sourceName = scope === "congress" ? CONGRESS_SOURCE.name : GOVERNORS_SOURCE_NAME;
  // The source's check before this run: values it stops holding were last confirmed then.
  const previousCheck = (await db.sourceCheck.findFirst({ where: { sourceName }, orderBy: { checkedAt: "desc" } }))?.checkedAt ?? null;
  const unheld = new Set(
    (
      await db.provenance.findMany({
        where: { entityType: "official", entityId: { in: existing.map((o) => o.id) }, method: "import", heldBySource: false },
        select: { entityId: true, fieldName: true },
      })
    ).map((p) => `${p.entityId}:${p.fieldName}`),
  );
  const staffOwned = new Set(
    (
      await db.provenance.findMany({
        where: { entityType: "official", entityId: { in: existing.map((o) => o.id) }, method: { not: "import" } },
        select: { entityId: true, fieldName: true },
      })
    ).map((p) => `${p.entityId}:${p.fieldName}`),
  );
  const byBioguide = new Map(existing.filter((o) => o.bioguideId).map((o) => [o.bioguideId!, o]));
  const byOpenstates = new Map(existing.filter((o) => o.openstatesId).map((o) => [o.openstatesId!, o]));
  const byNameAndState = new Map(existing.filter((o) => !o.openstatesId).map((o) => [`${o.name}|${o.stateId}`, o]));
  const find = (r: OfficialRecord, stateId: number): Existing | undefined =>
    scope === "congress"
      ? byBioguide.get(r.values.bioguideId as string)
      : (byOpenstates.get(r.values.openstatesId as string) ?? byNameAndState.get(`${r.values.name}|${stateId}`));

  // Plan outside the transactions: what each record changes.
  type Plan = { record: OfficialRecord; stateId: number; official?: Existing };
  const plans: Plan[] = records.map((record) => {
    const stateId = stateIds.get(record.stateAbbreviation);
    if (!stateId) throw new Error(`Unknown state ${record.stateAbbreviation} for ${record.label}`);
    return { record, stateId, official: find(record, stateId) };
  });
  const seen = new Set(plans.flatMap((p) => (p.official ? [p.official.id] : [])));
  // Members the source stopped listing, and former members whose end date was not on file yet.
  const undated = (o: Existing) => o.officeTerms.some((t) => t.endReason === END_DATE_NOT_ON_FILE);
  const gone = scope === "congress" ? existing.filter((o) => !seen.has(o.id) && (o.isActive || undated(o))) : [];
  // A truncated or emptied source would retire most of Congress: refuse it before writing anything.
  const active = existing.filter((o) => o.isActive).length;
  const retiring = gone.filter((o) => o.isActive).length;
  if (retiring > 20 && retiring > active / 2) {
    throw new Error(`The source lists ${records.length} members and would retire ${retiring} of ${active}: nothing was changed`);
  }
  const departures =
    gone.length && options.departures ? await options.departures(gone.map((o) => o.bioguideId!)) : new Map<string, Departure>();
  const leaving: Leaving[] =
    scope === "congress"
      ? gone
          .filter((o) => o.isActive || departures.has(o.bioguideId!))
          .map((official) => {
            const departure = departures.get(official.bioguideId!);
            const source = departure ? { name: CONGRESS_SOURCE.name, url: CL.historicalUrl } : CONGRESS_SOURCE;
            return { official, ...departureOf(official, departure, at), source };
          })
      : governorsSucceeded(existing, plans, seen);

  const total = plans.length + leaving.length;
  const touchedStates = new Set<number>();
  let completed = 0;

  for (let i = 0; i < plans.length; i += SYNC_BATCH) {
    await step();
    const batch = plans.slice(i, i + SYNC_BATCH);
    progress(completed, total, batch[0].record.label);
    const counts = { inserted: 0, updated: 0, unchanged: 0, provenanceRows: 0 };
    const logLines: string[] = [];
    await db.$transaction(async (tx) => {
      const added = batch.filter((p) => !p.official);
      if (added.length) {
        counts.provenanceRows += await insertOfficials(tx, added, at);
        counts.inserted += added.length;
        for (const plan of added) {
          touchedStates.add(plan.stateId);
          logLines.push(`Added ${plan.record.label}`);
        }
      }
      for (const plan of batch) {
        if (!plan.official) continue;
        const result = await updateOfficial(tx, plan.official, plan, { staffOwned, unheld }, at, history);
        counts.provenanceRows += result.provenanceRows;
        if (result.disputed)
          logLines.push(
            `Warning: ${plan.record.label}: the source holds another value than staff set; filed for review (${result.disputed} fields)`,
          );
        if (result.kind === "unchanged") counts.unchanged++;
        else {
          counts[result.kind]++;
          touchedStates.add(plan.stateId);
          if (plan.official) touchedStates.add(plan.official.stateId);
          logLines.push(`Updated ${plan.record.label} (${result.fields})`);
        }
      }
    });
    // Counted only once the batch is committed: a cancelled or failed batch changed nothing.
    summary.inserted += counts.inserted;
    summary.updated += counts.updated;
    summary.unchanged += counts.unchanged;
    summary.provenanceRows += counts.provenanceRows;
    summary.processed += batch.length;
    completed += batch.length;
    for (const line of logLines) log(line);
  }

  for (let i = 0; i < leaving.length; i += SYNC_BATCH) {
    await step();
    const batch = leaving.slice(i, i + SYNC_BATCH);
    progress(completed, total, batch[0].official.name);
    await db.$transaction(async (tx) => {
      for (const { official, end, endReason, source } of batch) {
        await endTerms(tx, official.id, end, endReason);
        // The terms now end where this source says: it is their source, and the history's for leaving.
        const [row] = provenanceRows(official.id, ["officeTerms"], source, at);
        await tx.provenance.upsert({
          where: { entityType_entityId_fieldName: { entityType: "official", entityId: official.id, fieldName: "officeTerms" } },
          create: row,
          update: {
            sourceName: row.sourceName,
            sourceUrl: row.sourceUrl,
            method: row.method,
            retrievedAt: at,
            verifiedAt: at,
            heldBySource: true,
          },
        });
      }
    });
    for (const { official, end } of batch) {
      touchedStates.add(official.stateId);
      log(`Left office: ${official.name} (${end ? `term ended ${end}` : "date not on file"})`);
    }
    summary.deactivated += batch.length;
    completed += batch.length;
  }

  // Officials the source no longer lists as they are (members who left, governors it has no
  // record of): their values are not confirmed by this or any later check of it.
  if (options.complete !== false)
    await markUnheld(
      db,
      existing.filter((o) => !seen.has(o.id)).map((o) => o.id),
      sourceName,
      previousCheck,
    );
  if (touchedStates.size)
    await db.$transaction((tx) =>
      refreshDerivedStateFacts(tx, [...touchedStates], options.history === false ? undefined : { at, executionId: options.executionId }),
    );
  progress(completed, total, "");
  return summary;
}

/**
 * Marks the import values of `officialIds` from `sourceName` as no longer held by it: verified
 * at the source's last check that still held them (`lastHeld`), and not by later checks. Writes
 * only rows that were held, so a repeat run writes nothing.
 */
export async function markUnheld(db: Db, officialIds: number[], sourceName: string, lastHeld: Date | null) {
  if (!officialIds.length) return 0;
  // A departure's terms come from the historical file, which the current file never holds: they stay held.
  const where = {
    entityType: "official",
    entityId: { in: officialIds },
    method: "import",
    sourceName,
    heldBySource: true,
    OR: [{ sourceUrl: null }, { sourceUrl: { not: CL.historicalUrl } }],
  };
  return db.$transaction(async (tx) => {
    let count = 0;
    if (lastHeld)
      count += (
        await tx.provenance.updateMany({
          where: { ...where, verifiedAt: { lt: lastHeld } },
          data: { verifiedAt: lastHeld, heldBySource: false },
        })
      ).count;
    count += (await tx.provenance.updateMany({ where, data: { heldBySource: false } })).count;
    return count;
  });
}

/**
 * How a member who left ended: the source's historical record when it has them; else the end of
 * their current term when that day has passed (a date already known is kept); else a day not on
 * file. Never the day a job noticed.
 */
function departureOf(official: Existing, departure: Departure | undefined, at: Date) {
  if (departure) return { end: departure.end, endReason: departure.endReason };
  const current = official.officeTerms.filter((t) => t.isCurrent).sort((a, b) => b.start.localeCompare(a.start))[0];
  if (current?.end && termBoundary(current.end) <= at) return { end: current.end, endReason: current.endReason };
  return { end: null, endReason: END_DATE_NOT_ON_FILE };
}

/** An official the source no longer lists as serving: the day their service ends (null: not on file), why, and the source. */
type Leaving = { official: Existing; end: string | null; endReason: string | null; source: SourceInfo };

/** Active governors whose state has a new governor in the source, ended the day the successor began. */
function governorsSucceeded(
  existing: Existing[],
  plans: { record: OfficialRecord; stateId: number; official?: Existing }[],
  seen: Set<number>,
) {
  const leaving: Leaving[] = [];
  // Only a governor whose term has begun succeeds anyone; a governor-elect waits for the term clock.
  for (const plan of plans.filter((p) => p.record.active)) {
    const start = plan.record.terms[0]?.start ?? "";
    for (const other of existing) {
      if (other.stateId !== plan.stateId || !other.isActive || other.id === plan.official?.id || seen.has(other.id)) continue;
      const otherStart = other.officeTerms.find((t) => t.isCurrent && t.type === "gov")?.start ?? "";
      // A source record older than the holder's own term is stale: it never replaces the holder.
      if (otherStart > start) continue;
      leaving.push({ official: other, end: start, endReason: null, source: plan.record.source });
    }
  }
  return leaving;
}

/**
 * Ends an official's current terms on `end` (or their own earlier end; null: on a day not on
 * file). The term clock then makes them former, dated by that day.
 */
async function endTerms(tx: Prisma.TransactionClient, officialId: number, end: string | null, endReason: string | null) {
  const current = await tx.officialTerm.findMany({ where: { officialId, OR: [{ isCurrent: true }, { endReason: END_DATE_NOT_ON_FILE }] } });
  for (const term of current) {
    // isCurrent stays for the term clock, which flips it and dates the departure by this end.
    if (term.end !== null && end !== null && term.end < end) continue;
    await tx.officialTerm.update({ where: { id: term.id }, data: { end, endReason: endReason ?? term.endReason } });
  }
}

function provenanceRows(officialId: number, fields: string[], source: SourceInfo, at: Date) {
  return fields.map((fieldName) => ({
    entityType: "official",
    entityId: officialId,
    fieldName,
    sourceName: source.name,
    sourceUrl: source.fieldUrls?.[fieldName] ?? source.url,
    method: "import",
    retrievedAt: at,
    verifiedAt: at,
  }));
}

/** Inserts new officials with their terms, offices, committees and provenance: a few statements per batch, not per person. */
async function insertOfficials(tx: Prisma.TransactionClient, plans: { record: OfficialRecord; stateId: number }[], at: Date) {
  const keyOf = (o: { bioguideId: string | null; openstatesId: string | null; name: string; stateId: number }) =>
    o.bioguideId ?? o.openstatesId ?? `${o.name}|${o.stateId}`;
  const created = await tx.official.createManyAndReturn({
    data: plans.map(({ record, stateId }) => ({
      ...(record.values as Prisma.OfficialCreateManyInput),
      fecIds: (record.values.fecIds as string[] | null) ?? undefined,
      isActive: record.active,
      stateId,
    })),
    select: { id: true, bioguideId: true, openstatesId: true, name: true, stateId: true },
  });
  const ids = new Map(created.map((o) => [keyOf(o), o.id]));
  const rows = plans.map(({ record, stateId }) => {
    const id = ids.get(
      keyOf({
        bioguideId: (record.values.bioguideId as string | undefined) ?? null,
        openstatesId: (record.values.openstatesId as string | null | undefined) ?? null,
        name: record.values.name as string,
        stateId,
      }),
    )!;
    const fields = [
      ...Object.entries(record.values)
        .filter(([field, value]) => value !== null && value !== undefined && !NOT_PROVENANCED.has(field))
        .map(([field]) => field),
      "officeTerms",
      ...(record.districtOffices?.length ? ["districtOffices"] : []),
      ...(record.committeeAssignments?.length ? ["committeeAssignments"] : []),
    ];
    return {
      terms: record.terms.map((t) => ({ ...t, officialId: id })),
      offices: (record.districtOffices ?? []).map((o) => ({ ...o, officialId: id })),
      assignments: (record.committeeAssignments ?? []).map((a) => ({ ...a, officialId: id })),
      provenance: provenanceRows(id, fields, record.source, at),
    };
  });
  await tx.officialTerm.createMany({ data: rows.flatMap((r) => r.terms) });
  const offices = rows.flatMap((r) => r.offices);
  if (offices.length) await tx.districtOffice.createMany({ data: offices });
  const assignments = rows.flatMap((r) => r.assignments);
  if (assignments.length) await tx.committeeAssignment.createMany({ data: assignments });
  const provenance = rows.flatMap((r) => r.provenance);
  await tx.provenance.createMany({ data: provenance });
  return provenance.length;
}

async function updateOfficial(
  tx: Prisma.TransactionClient,
  official: Existing,
  { record, stateId }: { record: OfficialRecord; stateId: number },
  /** Fields set by staff (not overwritten), and import values the source had stopped holding. */
  marks: { staffOwned: Set<string>; unheld: Set<string> },
  at: Date,
  /** Where the public history records the changes; null for the seed, which records none. */
  history: ImportHistory | null,
) {
  const owned = (field: string) => marks.staffOwned.has(`${official.id}:${field}`);
  const data: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(record.values)) {
    if (!owned(field) && !same((official as Record<string, unknown>)[field], value)) data[field] = value;
  }
  // Where staff set a value the source disagrees with, the source's value waits for an admin.
  const disputed = !history
    ? []
    : await fileSourceDisagreements(tx, {
        entityId: official.id,
        disagreements: Object.entries(record.values)
          .filter(([field, value]) => owned(field) && !same((official as Record<string, unknown>)[field], value))
          .map(([fieldName, sourceValue]) => ({ fieldName, staffValue: (official as Record<string, unknown>)[fieldName], sourceValue })),
        source: record.source,
        executionId: history.executionId,
      });
  if (official.stateId !== stateId) data.stateId = stateId;
  const changedRelations: string[] = [];

  if (record.scope === "congress") {
    if (sortedShapes(official.officeTerms, termShape) !== sortedShapes(record.terms, termShape)) {
      await tx.officialTerm.deleteMany({ where: { officialId: official.id } });
      await tx.officialTerm.createMany({ data: record.terms.map((t) => ({ ...t, officialId: official.id })) });
      changedRelations.push("officeTerms");
    }
  } else {
    // The current term is upserted; earlier ones stay as history, ended where the new one starts.
    const term = record.terms[0];
    const stored = official.officeTerms.find((t) => termKey(t) === termKey(term));
    const staleCurrent = official.officeTerms.filter((t) => t.isCurrent && termKey(t) !== termKey(term));
    if (!stored || JSON.stringify(termShape(stored)) !== JSON.stringify(termShape(term)) || staleCurrent.length) {
      for (const t of staleCurrent) {
        await tx.officialTerm.update({
          where: { id: t.id },
          data: { isCurrent: false, end: t.end && t.end < term.start ? t.end : term.start },
        });
      }
      if (stored) await tx.officialTerm.update({ where: { id: stored.id }, data: term });
      else await tx.officialTerm.create({ data: { ...term, officialId: official.id } });
      changedRelations.push("officeTerms");
    }
  }
  if (record.districtOffices && sortedShapes(official.districtOffices, officeShape) !== sortedShapes(record.districtOffices, officeShape)) {
    await tx.districtOffice.deleteMany({ where: { officialId: official.id } });
    await tx.districtOffice.createMany({ data: record.districtOffices.map((o) => ({ ...o, officialId: official.id })) });
    changedRelations.push("districtOffices");
  }
  if (
    record.committeeAssignments &&
    sortedShapes(official.committeeAssignments, assignmentShape) !== sortedShapes(record.committeeAssignments, assignmentShape)
  ) {
    await tx.committeeAssignment.deleteMany({ where: { officialId: official.id } });
    await tx.committeeAssignment.createMany({ data: record.committeeAssignments.map((a) => ({ ...a, officialId: official.id })) });
    changedRelations.push("committeeAssignments");
  }

  const changedFields = Object.keys(data);
  if (!changedFields.length && !changedRelations.length) {
    const heldAgain = Object.keys(record.values).filter(
      (f) => marks.unheld.has(`${official.id}:${f}`) && !owned(f) && record.values[f] !== null,
    );
    if (heldAgain.length)
      await tx.provenance.updateMany({
        where: { entityType: "official", entityId: official.id, fieldName: { in: heldAgain }, method: "import" },
        data: { heldBySource: true, verifiedAt: at },
      });
    return { kind: "unchanged" as const, provenanceRows: heldAgain.length, fields: "", disputed };
  }
  if (changedFields.length) {
    await tx.official.update({
      where: { id: official.id },
      // A JSON column is cleared with JsonNull: a plain null (or undefined) would leave it as it was.
      data: { ...data, ...("fecIds" in data ? { fecIds: (data.fecIds as string[] | null) ?? Prisma.JsonNull } : {}) },
    });
  }
  // Each changed value is a change in the public history, in this transaction, and its provenance
  // points at it. Provenance says when each changed value changed and where from; a value that
  // became empty loses its row.
  const valueFields = changedFields.filter((f) => f !== "stateId" && !NOT_PROVENANCED.has(f));
  const changeIds = !history
    ? new Map<string, number>()
    : await recordImportedChanges(tx, {
        entityType: "official",
        entityId: official.id,
        changes: [
          ...valueFields.map((f) => ({ fieldName: f, oldValue: (official as Record<string, unknown>)[f], newValue: data[f] })),
          // Now serving another state: recorded in words, as the history shows them.
          ...("stateId" in data
            ? [{ fieldName: "stateId", oldValue: history.stateName(official.stateId), newValue: history.stateName(stateId) }]
            : []),
        ],
        source: record.source,
        at,
        executionId: history.executionId,
      });
  const fields = [...valueFields, ...changedRelations];
  // Values the source holds again, unchanged: confirmed by this check and every later one.
  const heldAgain = Object.keys(record.values).filter(
    (f) => marks.unheld.has(`${official.id}:${f}`) && !fields.includes(f) && !owned(f) && record.values[f] !== null,
  );
  if (heldAgain.length)
    await tx.provenance.updateMany({
      where: { entityType: "official", entityId: official.id, fieldName: { in: heldAgain }, method: "import" },
      data: { heldBySource: true, verifiedAt: at },
    });
  const present = fields.filter((f) => (f in data ? data[f] !== null : true));
  const emptied = fields.filter((f) => f in data && data[f] === null);
  if (emptied.length)
    await tx.provenance.deleteMany({ where: { entityType: "official", entityId: official.id, fieldName: { in: emptied } } });
  for (const row of provenanceRows(official.id, present, record.source, at)) {
    const { entityType, entityId, fieldName, ...rest } = row;
    await tx.provenance.upsert({
      where: { entityType_entityId_fieldName: { entityType, entityId, fieldName } },
      create: { ...row, fieldUpdateId: changeIds.get(fieldName) ?? null },
      update: { ...rest, heldBySource: true, fieldUpdateId: changeIds.get(fieldName) ?? null },
    });
  }
  return {
    kind: "updated" as const,
    provenanceRows: present.length + emptied.length,
    fields: [...changedFields, ...changedRelations].join(", "),
    disputed,
  };
}

/**
 * Governors the source says have left, with no successor in it: the holder's term ends on the
 * source's date, unless something confirmed them in office at or after that date (staff, or a
 * check of a source that still held them): then the source lags, the holder stays, and the
 * disagreement goes to the run's log for staff. Returns how many terms were ended.
 */
export async function endGovernorTerms(db: Db, ended: GovernorSource[], log: (line: string) => void = () => {}) {
  const byPerson = new Map(ended.flatMap((g) => (g.openstatesId && g.roleEnd ? [[g.openstatesId, g] as const] : [])));
  if (!byPerson.size) return 0;
  const holders = await db.official.findMany({
    where: { office: "Governor", isActive: true, openstatesId: { in: [...byPerson.keys()] } },
    select: { id: true, name: true, openstatesId: true },
  });
  const confirmed = new Map(
    (
      await db.provenance.findMany({
        where: { entityType: "official", fieldName: "officeTerms", entityId: { in: holders.map((h) => h.id) } },
        select: { entityId: true, verifiedAt: true },
      })
    ).map((p) => [p.entityId, p.verifiedAt]),
  );
  let count = 0;
  for (const holder of holders) {
    const end = byPerson.get(holder.openstatesId!)!.roleEnd!;
    const since = confirmed.get(holder.id);
    if (since && since >= termBoundary(end)) {
      log(
        `Warning: ${GOVERNORS_SOURCE_NAME} ends ${holder.name}'s term on ${end} and names no successor, but the term was ` +
          `confirmed on ${since.toISOString().slice(0, 10)}: kept for staff to review`,
      );
      continue;
    }
    await db.$transaction((tx) => endTerms(tx, holder.id, end, null));
    log(`Term ended: ${holder.name} (${end}, as ${GOVERNORS_SOURCE_NAME} records it; it names no successor)`);
    count++;
  }
  return count;
}

/** Committees the source lists: new ones added, renamed ones updated (parents before subcommittees). Returns rows written. */
export async function syncCommittees(db: Db, committees: CommitteeSource[]) {
  const wanted = flattenCommittees(committees);
  const stored = new Map((await db.committee.findMany()).map((c) => [c.id, c]));
  const changed = wanted.filter((c) => {
    const s = stored.get(c.id);
    return !s || s.name !== c.name || s.url !== c.url || s.chamber !== c.chamber || s.parentId !== c.parentId;
  });
  if (!changed.length) return 0;
  await db.$transaction(async (tx) => {
    for (const c of [...changed.filter((c) => !c.parentId), ...changed.filter((c) => c.parentId)]) {
      await tx.committee.upsert({ where: { id: c.id }, create: c, update: c });
    }
  });
  return changed.length;
}

/** The USPS codes of the 50 states (the jurisdictions with a governor). */
export const governorStates = async (db: Db) =>
  (await db.state.findMany({ where: { type: "state" }, select: { abbreviation: true }, orderBy: { abbreviation: "asc" } })).map(
    (s) => s.abbreviation,
  );

/** Records one successful check of a source: values from it count as verified now (see verifiedDates). */
export const recordSourceCheck = (db: Db, sourceName: string, checkedAt: Date, executionId: number | null) =>
  db.sourceCheck.create({ data: { sourceName, checkedAt, executionId } });

// ---------------------------------------------------------------- the seed

const CENSUS_APPORTIONMENT_URL = "https://www2.census.gov/programs-surveys/decennial/2020/data/apportionment/apportionment.csv";
const CENSUS_ISLAND_AREAS_URL =
  "https://www.census.gov/library/stories/2021/10/first-2020-census-united-states-island-areas-data-released-today.html";
const DOTGOV_REGISTRY = {
  sourceName: "CISA .gov domain registry",
  sourceUrl: "https://github.com/cisagov/dotgov-data/blob/main/current-full.csv",
  retrievedAt: new Date("2026-08-22"),
};

/**
 * The seed: adds missing states, and loads the shipped officials and committees only into a
 * database that has no officials yet. After that the imports and staff own the officials, so a
 * removed or deactivated official stays so across restarts.
 */
export async function loadReferenceData(db: Db, data: ReferenceData) {
  const summary = { states: 0, stateWebsites: 0, officials: 0, governors: 0, committees: 0, provenance: 0, derivedUpdates: 0 };

  await db.$transaction(async (tx) => {
    const existingStates = new Set((await tx.state.findMany({ select: { abbreviation: true } })).map((s) => s.abbreviation));
    for (const s of data.states.filter((s) => !existingStates.has(s.abbreviation))) {
      const islandArea = s.type === "territory" && s.abbreviation !== "PR";
      const values = {
        name: s.name,
        abbreviation: s.abbreviation,
        fips: s.fips,
        type: s.type,
        population: s.population,
        populationSource: s.populationSource,
        electoralVotes: s.electoralVotes,
        houseSeats: s.houseSeats,
      };
      const created = await tx.state.create({ data: values, select: { id: true } });
      summary.states++;
      const retrievedAt = new Date(islandArea ? "2021-10-28" : "2024-01-13");
      const rows = Object.keys(values).map((fieldName) => ({
        entityType: "state",
        entityId: created.id,
        fieldName,
        sourceName: "U.S. Census Bureau, 2020 Census",
        sourceUrl: islandArea ? CENSUS_ISLAND_AREAS_URL : CENSUS_APPORTIONMENT_URL,
        method: "import",
        retrievedAt,
        verifiedAt: retrievedAt,
      }));
      await tx.provenance.createMany({ data: rows });
      summary.provenance += rows.length;
    }
    summary.stateWebsites = await loadStateWebsites(tx, data.stateWebsites);
    summary.provenance += summary.stateWebsites;
  });

  if ((await db.official.count()) === 0) {
    summary.committees = await syncCommittees(db, data.committees);
    const at = data.congressRetrievedAt;
    const records = [...congressRecords(data, at), ...formerMemberRecords(data, at)];
    const congress = await syncOfficials(db, records, "congress", { at, history: false });
    summary.officials = congress.inserted;
    summary.provenance += congress.provenanceRows;
    // Each shipped governor record carries its own date (asOf).
    for (const g of data.governors) {
      const asOf = new Date(g.asOf);
      const result = await syncOfficials(db, [governorRecord(g, asOf)], "governors", { at: asOf, history: false, complete: false });
      summary.governors += result.inserted;
      summary.provenance += result.provenanceRows;
    }
  }
  summary.derivedUpdates = await db.$transaction((tx) => refreshDerivedStateFacts(tx));
  return summary;
}

/**
 * Fills in the shipped official website of each state that never had one: a state whose
 * officialWebsite has a provenance row (set by an earlier seed, or by staff, even to empty) keeps it.
 */
async function loadStateWebsites(tx: Prisma.TransactionClient, websites: StateWebsiteSource[]) {
  const known = await tx.provenance.findMany({ where: { entityType: "state", fieldName: "officialWebsite" }, select: { entityId: true } });
  const decided = new Set(known.map((p) => p.entityId));
  const states = await tx.state.findMany({ select: { id: true, abbreviation: true } });
  const idOf = new Map(states.map((s) => [s.abbreviation, s.id]));
  let loaded = 0;
  for (const { abbreviation, officialWebsite } of websites) {
    const id = idOf.get(abbreviation);
    if (!officialWebsite || id === undefined || decided.has(id)) continue;
    await tx.state.update({ where: { id }, data: { officialWebsite } });
    await tx.provenance.create({
      data: {
        entityType: "state",
        entityId: id,
        fieldName: "officialWebsite",
        method: "import",
        verifiedAt: DOTGOV_REGISTRY.retrievedAt,
        ...DOTGOV_REGISTRY,
      },
    });
    loaded++;
  }
  return loaded;
}

/**
 * Recomputes partyControl, governorParty and politicalLeaning (of the given states, else all);
 * writes only states that change. With `history`, each changed fact is also a change in the
 * public history (the seed's first computation is not).
 */
export async function refreshDerivedStateFacts(
  db: Prisma.TransactionClient,
  stateIds?: number[],
  history?: { at: Date; executionId?: number },
): Promise<number> {
  const states = await db.state.findMany({
    where: stateIds ? { id: { in: stateIds } } : undefined,
    select: {
      id: true,
      partyControl: true,
      governorParty: true,
      politicalLeaning: true,
      officials: { where: { isActive: true }, select: { office: true, party: true } },
    },
  });
  let updated = 0;
  for (const s of states) {
    const next = {
      partyControl: partyControl(s.officials),
      governorParty: governorParty(s.officials),
      politicalLeaning: politicalLeaning(s.officials),
    };
    if (next.partyControl !== s.partyControl || next.governorParty !== s.governorParty || next.politicalLeaning !== s.politicalLeaning) {
      await db.state.update({ where: { id: s.id }, data: next });
      if (history) {
        await recordImportedChanges(db, {
          entityType: "state",
          entityId: s.id,
          changes: (Object.keys(next) as (keyof typeof next)[]).map((f) => ({ fieldName: f, oldValue: s[f], newValue: next[f] })),
          source: DERIVED_SOURCE,
          method: "computed",
          ...history,
        });
      }
      updated++;
    }
  }
  return updated;
}
