// What the data validation job reads and writes: the active officials with their states and
// current terms, and its own set of missing-data flags (replaced by each run).
import type { Db } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import type { CheckedOfficial } from "~/lib/data-quality";
import type { CriticalField, Priority } from "~/lib/staff-edits";

export async function officialsToValidate(db: Db): Promise<CheckedOfficial[]> {
  const rows = await db.official.findMany({
    where: { isActive: true },
    orderBy: { id: "asc" },
    select: {
      id: true,
      name: true,
      office: true,
      party: true,
      district: true,
      state: { select: { abbreviation: true, type: true, houseSeats: true } },
      officeTerms: { where: { isCurrent: true }, select: { end: true } },
    },
  });
  return rows.map(({ officeTerms, ...o }) => ({ ...o, currentTermEnds: officeTerms.map((t) => t.end) }));
}

export type ValidationFlag = { officialId: number; priority: Priority; missingCriticalFields: CriticalField[] };

/**
 * The flags of earlier validation runs give way to this run's, in one transaction. One multi-row
 * INSERT rather than createMany: the transaction holds the only writer and the event loop, and
 * createMany of ~540 flags took over a second here, the plain INSERT a few milliseconds.
 */
export async function replaceValidationFlags(db: Db, executionId: number, flags: ValidationFlag[]) {
  const createdAt = new Date();
  const rows = flags.map(
    (f) => Prisma.sql`(${f.officialId}, ${f.priority}, ${JSON.stringify(f.missingCriticalFields)}, ${executionId}, ${createdAt})`,
  );
  await db.$transaction(async (tx) => {
    const runs = await tx.jobExecution.findMany({ where: { jobType: "data_validation", id: { not: executionId } }, select: { id: true } });
    await tx.missingDataFlag.deleteMany({ where: { resolvedAt: null, jobExecutionId: { in: runs.map((r) => r.id) } } });
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
      await tx.$executeRaw`INSERT INTO "MissingDataFlag" ("officialId", "priority", "missingCriticalFields", "jobExecutionId", "createdAt")
        VALUES ${Prisma.join(rows.slice(i, i + ROWS_PER_INSERT))}`;
  });
}

/** Rows per INSERT statement (5 values each, well under SQLite's limit on bound values). */
const ROWS_PER_INSERT = 500;
