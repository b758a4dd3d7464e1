// Voting records as the GovTrack import writes them: which roll calls are stored already, who a
// roll call's member ids are, and one roll call's positions saved whole or not at all.
import type { Db } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { parseVoteId, type Chamber, type RollCall, type Session, type VotePosition } from "~/lib/roll-calls";

/**
 * The highest roll number stored for a chamber's session (voteIds like "h240-119.2025"), or null.
 * Roll numbers grow with the date, so it is among the votes of the session's latest stored day:
 * two lookups on the (chamber, voteDate) index however many years are stored. A session runs from
 * January 3 to January 3, so a day at either end may hold the other session's votes: then the
 * day before is looked at.
 */
export async function lastStoredRollCall(db: Db, chamber: Chamber, session: Session) {
  let before = `${session.year + 1}-01-04`;
  for (;;) {
    const latest = await db.votingRecord.findFirst({
      where: { chamber, voteDate: { gte: `${session.year}-01-01`, lt: before } },
      orderBy: { voteDate: "desc" },
      select: { voteDate: true },
    });
    if (!latest) return null;
    const day = await db.votingRecord.groupBy({ by: ["voteId"], where: { chamber, voteDate: latest.voteDate } });
    const numbers = day.flatMap(({ voteId }) => {
      const parsed = parseVoteId(voteId);
      return parsed && parsed.congress === session.congress && parsed.year === session.year ? [parsed.number] : [];
    });
    if (numbers.length) return Math.max(...numbers);
    before = latest.voteDate;
  }
}

/** Whether any roll call of the chamber is stored (a first run starts differently). */
export async function hasStoredRollCalls(db: Db, chamber: Chamber) {
  return !!(await db.votingRecord.findFirst({ where: { chamber }, select: { id: true } }));
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

/** Rows per INSERT statement (9 values each, well under SQLite's limit on bound values). */
const ROWS_PER_INSERT = 500;

/**
 * Stores one roll call's positions in one short transaction, leaving any position already stored
 * (the unique officialId + voteId) as it is. Returns how many rows were inserted.
 *
 * One multi-row INSERT ... ON CONFLICT DO NOTHING rather than createMany: Prisma's createMany (it
 * has no skipDuplicates on SQLite) took 300-450 ms for a House roll call of 437 rows here, the
 * plain INSERT 30-80 ms, and the site waits for the whole transaction (decision 0012).
 */
export async function saveRollCall(
  db: Db,
  rollCall: Omit<RollCall, "positions" | "election" | "session" | "number">,
  positions: { officialId: number; position: VotePosition }[],
  sourceUrl: string,
) {
  const { voteId, chamber, billNumber, billTitle, description, voteDate } = rollCall;
  const createdAt = new Date();
  const statements = [];
  for (let i = 0; i < positions.length; i += ROWS_PER_INSERT) {
    const values = positions
      .slice(i, i + ROWS_PER_INSERT)
      .map(
        (p) =>
          Prisma.sql`(${p.officialId}, ${voteId}, ${chamber}, ${billNumber}, ${billTitle}, ${description}, ${voteDate}, ${p.position}, ${sourceUrl}, ${createdAt})`,
      );
    statements.push(
      db.$executeRaw`INSERT INTO "VotingRecord" ("officialId", "voteId", "chamber", "billNumber", "billTitle", "description", "voteDate", "votePosition", "sourceUrl", "createdAt")
        VALUES ${Prisma.join(values)} ON CONFLICT ("officialId", "voteId") DO NOTHING`,
    );
  }
  if (!statements.length) return 0;
  const counts = await db.$transaction(statements);
  return counts.reduce((a, b) => a + b, 0);
}
