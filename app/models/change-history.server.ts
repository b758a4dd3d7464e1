// The public change history (decision 0023): every approved field update of an official or a
// state, whatever made it (imports write theirs here through recordImportedChanges; staff edits,
// approved suggestions and the crawler's through data-updates.server.ts). Read newest first, 50
// a page, with the source described by role, never by a staff member's name.
import type { Db, Tx } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import {
  describeSource,
  FIELD_GROUPS,
  HISTORY_PAGE_SIZE,
  historyFieldLabel,
  historyValue,
  PAGE_MESSAGE,
  parsePage,
  STAFF_ONLY_FIELDS,
  type FieldGroup,
} from "~/lib/change-history";
import type { EntityType } from "~/lib/staff-edits";

export type ImportSource = { name: string; url: string | null; fieldUrls?: Record<string, string> };

/** A state's party control, governor party and leaning follow its officials (refreshDerivedStateFacts). */
export const DERIVED_SOURCE: ImportSource = { name: "computed from the state's officials", url: null };

/**
 * Records an import's changes to one record as approved field updates (no submitter, no reviewer),
 * in the caller's transaction, beside the values they change. Only real changes are kept (old and
 * new differ as text). Returns the new rows' ids by field, for the provenance rows to point at.
 */
export async function recordImportedChanges(
  tx: Tx,
  input: {
    entityType: EntityType;
    entityId: number;
    changes: { fieldName: string; oldValue: unknown; newValue: unknown }[];
    source: ImportSource;
    /** import (a source's value), computed (derived from other records). */
    method?: "import" | "computed";
    at: Date;
    executionId?: number | null;
  },
): Promise<Map<string, number>> {
  const rows = input.changes
    .map((c) => ({ fieldName: c.fieldName, oldValue: historyValue(c.oldValue), newValue: historyValue(c.newValue) }))
    .filter((c) => c.oldValue !== c.newValue)
    .map((c) => ({
      ...c,
      entityType: input.entityType,
      entityId: input.entityId,
      status: "approved",
      approvedAt: input.at,
      createdAt: input.at,
      sourceName: input.source.name,
      sourceUrl: input.source.fieldUrls?.[c.fieldName] ?? input.source.url,
      method: input.method ?? "import",
      executionId: input.executionId || null,
    }));
  if (!rows.length) return new Map();
  const created = await tx.fieldUpdate.createManyAndReturn({ data: rows, select: { id: true, fieldName: true } });
  return new Map(created.map((r) => [r.fieldName, r.id]));
}

// ---------------------------------------------------------------- reading

const ENTRY_SELECT = {
  id: true,
  entityType: true,
  entityId: true,
  fieldName: true,
  oldValue: true,
  newValue: true,
  approvedAt: true,
  method: true,
  sourceName: true,
  sourceUrl: true,
  // Roles only: a staff member's name or email never leaves this file.
  submittedBy: { select: { role: true } },
  reviewedBy: { select: { role: true } },
} as const satisfies Prisma.FieldUpdateSelect;

type Row = Prisma.FieldUpdateGetPayload<{ select: typeof ENTRY_SELECT }>;

export type ChangeEntry = {
  id: number;
  entityType: EntityType;
  entityId: number;
  field: string;
  label: string;
  oldValue: string | null;
  newValue: string | null;
  changedAt: string;
  source: { label: string; url: string | null; method: string };
};

function toEntry(row: Row): ChangeEntry {
  const entityType = row.entityType as EntityType;
  const source = describeSource({
    method: row.method,
    sourceName: row.sourceName,
    sourceUrl: row.sourceUrl,
    submitterRole: row.submittedBy?.role ?? null,
    reviewerRole: row.reviewedBy?.role ?? null,
  });
  return {
    id: row.id,
    entityType,
    entityId: row.entityId,
    field: row.fieldName,
    label: historyFieldLabel(entityType, row.fieldName),
    oldValue: row.oldValue,
    newValue: row.newValue,
    changedAt: (row.approvedAt ?? new Date(0)).toISOString(),
    source: { ...source, method: row.method ?? "staff_edit" },
  };
}

const PUBLIC = { status: "approved", approvedAt: { not: null }, fieldName: { notIn: STAFF_ONLY_FIELDS } } as const;
const NEWEST_FIRST = [{ approvedAt: "desc" as const }, { id: "desc" as const }];

export type HistoryPage<T> = { entries: T[]; total: number; page: number; pageCount: number };

async function readPage(db: Db, where: Prisma.FieldUpdateWhereInput, page: number): Promise<HistoryPage<ChangeEntry>> {
  const [total, rows] = await Promise.all([
    db.fieldUpdate.count({ where }),
    db.fieldUpdate.findMany({
      where,
      select: ENTRY_SELECT,
      orderBy: NEWEST_FIRST,
      skip: (page - 1) * HISTORY_PAGE_SIZE,
      take: HISTORY_PAGE_SIZE,
    }),
  ]);
  return { entries: rows.map(toEntry), total, page, pageCount: Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE)) };
}

/** One official's or state's history page, newest first. */
export function recordHistory(db: Db, entityType: EntityType, entityId: number, page: number) {
  return readPage(db, { ...PUBLIC, entityType, entityId }, page);
}

/**
 * The page of a record's history that `?page=` asks for (the first when absent), or why there is
 * none: a page that is not a whole number in range is a 400, one past the last page a 404.
 */
export async function askedHistoryPage(
  db: Db,
  entityType: EntityType,
  entityId: number,
  url: URL,
): Promise<{ history: Awaited<ReturnType<typeof recordHistory>> } | { refusal: { status: 400 | 404; message: string } }> {
  const page = parsePage(url.searchParams.get("page"));
  if (page === null) return { refusal: { status: 400, message: PAGE_MESSAGE } };
  const history = await recordHistory(db, entityType, entityId, page);
  if (page > history.pageCount)
    return { refusal: { status: 404, message: `This history has ${history.pageCount} page(s); there is no page ${page}.` } };
  return { history };
}

/** "History: 12 changes since March 2025": how many public changes a record has, and the first one's time. */
export async function historySummary(db: Db, entityType: EntityType, entityId: number) {
  const where = { ...PUBLIC, entityType, entityId };
  const [count, first] = await Promise.all([
    db.fieldUpdate.count({ where }),
    db.fieldUpdate.findFirst({ where, select: { approvedAt: true }, orderBy: [{ approvedAt: "asc" }, { id: "asc" }] }),
  ]);
  return { count, since: first?.approvedAt?.toISOString() ?? null };
}

export type SiteChange = ChangeEntry & {
  /** The official or state the change is about, for the site-wide list. */
  subject: { name: string; href: string; stateAbbreviation: string | null };
};

/**
 * The latest changes across every official and state, optionally of one state (its officials and
 * the state itself), one field group, or only some officials (a user's own, on /my). Returns null when `stateAbbreviation` names no state.
 */
export async function latestChanges(
  db: Db,
  filters: { stateAbbreviation: string | null; group: FieldGroup | null; page: number; officialIds?: number[] },
): Promise<HistoryPage<SiteChange> | null> {
  const where: Prisma.FieldUpdateWhereInput = { ...PUBLIC };
  if (filters.officialIds) Object.assign(where, { entityType: "official", entityId: { in: filters.officialIds } });
  if (filters.group) where.fieldName = { in: [...FIELD_GROUPS[filters.group].fields], notIn: STAFF_ONLY_FIELDS };
  if (filters.stateAbbreviation) {
    const state = await db.state.findUnique({
      where: { abbreviation: filters.stateAbbreviation },
      select: { id: true, officials: { select: { id: true } } },
    });
    if (!state) return null;
    where.OR = [
      { entityType: "state", entityId: state.id },
      { entityType: "official", entityId: { in: state.officials.map((o) => o.id) } },
    ];
  }
  const result = await readPage(db, where, filters.page);
  return { ...result, entries: await withSubjects(db, result.entries) };
}

/**
 * Every public change to these officials approved in the window, newest first (at most `limit`):
 * what the email digest reports, for a batch of users at once.
 */
export async function officialChangesBetween(db: Db, officialIds: number[], window: { gt: Date; lte: Date }, limit = 10_000) {
  const rows = await db.fieldUpdate.findMany({
    where: { ...PUBLIC, entityType: "official", entityId: { in: officialIds }, approvedAt: window },
    select: ENTRY_SELECT,
    orderBy: NEWEST_FIRST,
    take: limit,
  });
  return withSubjects(db, rows.map(toEntry));
}

/** Each change with what it is about: the official's name and state, or the state's name, and its page. */
async function withSubjects(db: Db, entries: ChangeEntry[]): Promise<SiteChange[]> {
  const ids = (type: EntityType) => [...new Set(entries.filter((e) => e.entityType === type).map((e) => e.entityId))];
  const [officials, states] = await Promise.all([
    db.official.findMany({
      where: { id: { in: ids("official") } },
      select: { id: true, name: true, state: { select: { abbreviation: true } } },
    }),
    db.state.findMany({ where: { id: { in: ids("state") } }, select: { id: true, name: true, abbreviation: true } }),
  ]);
  const officialById = new Map(officials.map((o) => [o.id, o]));
  const stateById = new Map(states.map((s) => [s.id, s]));
  return entries.map((entry) => {
    if (entry.entityType === "state") {
      const state = stateById.get(entry.entityId);
      return {
        ...entry,
        subject: {
          name: state?.name ?? `State ${entry.entityId}`,
          href: state ? `/state/${state.abbreviation}` : "/",
          stateAbbreviation: state?.abbreviation ?? null,
        },
      };
    }
    const official = officialById.get(entry.entityId);
    return {
      ...entry,
      subject: {
        name: official?.name ?? `Official ${entry.entityId}`,
        href: `/representative/${entry.entityId}`,
        stateAbbreviation: official?.state.abbreviation ?? null,
      },
    };
  });
}

/** The public facts a history page names: the official's name and state, or the state's name. */
export const historyOfficial = (db: Db, id: number) =>
  db.official.findUnique({
    where: { id },
    select: { id: true, name: true, office: true, state: { select: { name: true, abbreviation: true } } },
  });

export const historyState = (db: Db, abbreviation: string) =>
  db.state.findUnique({ where: { abbreviation }, select: { id: true, name: true, abbreviation: true } });

/** The states /changes can be filtered by, by name. */
export const stateChoices = (db: Db) => db.state.findMany({ select: { name: true, abbreviation: true }, orderBy: { name: "asc" } });
