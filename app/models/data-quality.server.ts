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
 * The flags of earlier validation runs give way to this run's, in short writes: this run's flags
 * first, FLAGS_PER_WRITE per INSERT, then the earlier runs' unresolved flags deleted as many at a
 * time, with `step()` between. One transaction for all ~540 took up to 190 ms on a busy machine
 * (the goal is 100 ms). Between the writes both runs' flags exist; that changes nothing shown: the
 * Missing Data tab takes each official's highest priority over their flags, and both runs read the
 * same rule. A run stopped midway leaves its flags next to the earlier ones; the next run removes
 * every other run's. One multi-row INSERT rather than createMany: createMany of ~540 flags took
 * over a second here, the plain INSERT a few milliseconds.
 */
export async function replaceValidationFlags(db: Db, executionId: number, flags: ValidationFlag[], step: () => Promise<void>) {
  const createdAt = new Date();
  const rows = flags.map(
    (f) => Prisma.sql`(${f.officialId}, ${f.priority}, ${JSON.stringify(f.missingCriticalFields)}, ${executionId}, ${createdAt})`,
  );
  for (let i = 0; i < rows.length; i += FLAGS_PER_WRITE) {
    await step();
    await db.$transaction([
      db.$executeRaw`INSERT INTO "MissingDataFlag" ("officialId", "priority", "missingCriticalFields", "jobExecutionId", "createdAt")
        VALUES ${Prisma.join(rows.slice(i, i + FLAGS_PER_WRITE))}`,
    ]);
  }
  const runs = await db.jobExecution.findMany({ where: { jobType: "data_validation", id: { not: executionId } }, select: { id: true } });
  const earlier = await db.missingDataFlag.findMany({
    where: { resolvedAt: null, jobExecutionId: { in: runs.map((r) => r.id) } },
    select: { id: true },
  });
  for (let i = 0; i < earlier.length; i += FLAGS_PER_WRITE) {
    await step();
    await db.$transaction([
      db.missingDataFlag.deleteMany({ where: { id: { in: earlier.slice(i, i + FLAGS_PER_WRITE).map((f) => f.id) } } }),
    ]);
  }
}

/** Flags inserted or deleted per write (5 values each in an INSERT, well under SQLite's limit on bound values). */
const FLAGS_PER_WRITE = 100;
