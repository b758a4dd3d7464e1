// Voting records as the GovTrack import writes them: which roll calls are stored already, who a
// roll call's member ids are, and one roll call's positions saved whole or not at all; and what a
// position reads from its roll call's row.
import type { Db } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { type Chamber, type RollCall, type Session, type VotePosition } from "~/lib/roll-calls";

/**
 * The highest roll number stored for a chamber's session, or null. A roll call is stored whole
 * (its RollCall row with its positions), so the walk goes on after it.
 */
export async function lastStoredRollCall(db: Db, chamber: Chamber, { congress, session }: Session) {
  const { _max } = await db.rollCall.aggregate({ where: { chamber, congress, session }, _max: { number: true } });
  return _max.number;
}

/** Member id of the chamber's files (bioguide id for the House, LIS id for the Senate) → official id, former members included. */
export async function officialIdsByMemberId(db: Db, chamber: Chamber) {
  if (chamber === "house") {
    const rows = await db.official.findMany({ where: { bioguideId: { not: null } }, select: { id: true, bioguideId: true } });
    return new Map(rows.map((r) => [r.bioguideId!, r.id]));
  }
  const rows = await db.official.findMany({ where: { lisId: { not: null } }, select: { id: true, lisId: true } });
  return new Map(rows.map((r) => [r.lisId!, r.id]));
}

/** Rows per INSERT statement (5 values each, well under SQLite's limit on bound values). */
const ROWS_PER_INSERT = 500;

/**
 * Stores one roll call (its RollCall row: question, result, bill, the file's wording and address)
 * and its positions in one short transaction, leaving what is already stored (the unique voteId,
 * officialId + voteId) as it is. Returns how many positions were inserted.
 *
 * A position is lean: who, which roll call, how they voted, when. The roll call's chamber and
 * strings are said once on its RollCall row, not on each of its up to 435 positions: a full
 * Congress grows the database by about 55 MB instead of 167 MB (decision 0044). Readers take them
 * with rollCallTextOf (or withRollCallText beside their own read of RollCall).
 *
 * One multi-row INSERT ... ON CONFLICT DO NOTHING rather than createMany: Prisma's createMany (it
 * has no skipDuplicates on SQLite) took 300-450 ms for a House roll call of 437 rows here, the
 * plain INSERT 30-80 ms, and the site waits for the whole transaction (decision 0012).
 */
export async function saveRollCall(
  db: Db,
  rollCall: Omit<RollCall, "positions" | "election">,
  positions: { officialId: number; position: VotePosition }[],
  sourceUrl: string,
  fetchedAt = new Date(),
) {
  const { voteId, chamber, billNumber, billTitle, description, voteDate, session, number, question, result, bill } = rollCall;
  const createdAt = fetchedAt;
  const rollCallRow = {
    voteId,
    chamber,
    congress: session.congress,
    session: session.session,
    number,
    voteDate,
    question,
    result,
    billType: bill?.type ?? null,
    billNumber: bill?.number ?? null,
    billTitle,
    documentName: billNumber,
    description,
    sourceUrl,
    fetchedAt,
  };
  const statements = [];
  for (let i = 0; i < positions.length; i += ROWS_PER_INSERT) {
    const values = positions
      .slice(i, i + ROWS_PER_INSERT)
      .map((p) => Prisma.sql`(${p.officialId}, ${voteId}, '', ${voteDate}, ${p.position}, ${createdAt})`);
    statements.push(
      db.$executeRaw`INSERT INTO "VotingRecord" ("officialId", "voteId", "billTitle", "voteDate", "votePosition", "createdAt")
        VALUES ${Prisma.join(values)} ON CONFLICT ("officialId", "voteId") DO NOTHING`,
    );
  }
  const [, ...counts] = await db.$transaction([
    db.rollCall.upsert({ where: { voteId }, create: rollCallRow, update: {}, select: { id: true } }),
    ...statements,
  ]);
  return counts.reduce((a, b) => a + b, 0);
}

/** The roll call's strings a position shows, as its RollCall row holds them. */
export const ROLL_CALL_TEXT = {
  voteId: true,
  chamber: true,
  billTitle: true,
  documentName: true,
  description: true,
  sourceUrl: true,
} as const;

export type RollCallText = {
  chamber: string;
  billTitle: string;
  documentName: string | null;
  description: string | null;
  sourceUrl: string;
};

export type PositionText = {
  chamber?: string | null;
  billTitle?: string;
  billNumber?: string | null;
  description?: string | null;
  sourceUrl?: string | null;
};

/**
 * A position with its roll call's strings: its own where it has them (rows written before the
 * RollCall row held them), else the RollCall row's. Only the fields the position was read with.
 */
export function withRollCallText<R extends PositionText>(record: R, rollCall: RollCallText | undefined): R {
  if (!rollCall) return record;
  const text: PositionText = {};
  if ("chamber" in record && record.chamber == null) text.chamber = rollCall.chamber;
  if ("billTitle" in record && !record.billTitle) text.billTitle = rollCall.billTitle;
  if ("billNumber" in record && record.billNumber == null) text.billNumber = rollCall.documentName;
  if ("description" in record && record.description == null) text.description = rollCall.description;
  if ("sourceUrl" in record && record.sourceUrl == null) text.sourceUrl = rollCall.sourceUrl;
  return { ...record, ...text };
}

/** Positions with their roll calls' strings (withRollCallText): one query for the lean ones' (billTitle "") roll calls. */
export async function rollCallTextOf<R extends PositionText & { voteId: string; billTitle: string }>(db: Db, records: R[]): Promise<R[]> {
  const lean = [...new Set(records.filter((r) => !r.billTitle).map((r) => r.voteId))];
  if (lean.length === 0) return records;
  const rows = await db.rollCall.findMany({ where: { voteId: { in: lean } }, select: ROLL_CALL_TEXT });
  const rollCallOf = new Map(rows.map((r) => [r.voteId, r]));
  return records.map((r) => withRollCallText(r, rollCallOf.get(r.voteId)));
}
