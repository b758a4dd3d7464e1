// What the data validation job reads and writes: the active officials with their states and
// current terms, and its own set of missing-data flags (replaced by each run).
import type { Db } from "~/db.server";
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

/** The flags of earlier validation runs give way to this run's, in one transaction. */
export async function replaceValidationFlags(db: Db, executionId: number, flags: ValidationFlag[]) {
  await db.$transaction(async (tx) => {
    const runs = await tx.jobExecution.findMany({ where: { jobType: "data_validation", id: { not: executionId } }, select: { id: true } });
    await tx.missingDataFlag.deleteMany({ where: { resolvedAt: null, jobExecutionId: { in: runs.map((r) => r.id) } } });
    await tx.missingDataFlag.createMany({ data: flags.map((f) => ({ ...f, jobExecutionId: executionId })) });
  });
}
