// Data validation, on local data only: duplicates, consistency, missing critical
// fields (flags with priorities for the Missing Data tab) and a quality score per official and
// overall. Governors are left out of every count, as the spec says.
import type { JobFunction } from "~/jobs/job";
import { consistencyIssues, findDuplicates, qualityScore } from "~/lib/data-quality";
import { PRIORITIES } from "~/lib/staff-edits";
import { officialsToValidate, replaceValidationFlags } from "~/models/data-quality.server";
import { missingData } from "~/models/data-updates.server";

export const dataValidation: JobFunction = async ({ db, step, progress, log, now, executionId }) => {
  const today = now().toISOString().slice(0, 10);
  const all = await officialsToValidate(db);
  const officials = all.filter((o) => o.office !== "Governor");
  await step();
  const missing = new Map((await missingData(db)).map((m) => [m.representativeId, m]));
  await step();

  const issues: { officialId: number; name: string; state: string; issues: string[] }[] = [];
  const scores: Record<number, number> = {};
  for (const [i, o] of officials.entries()) {
    if (i % 100 === 0) {
      await step();
      progress({ completed: i, total: officials.length, currentItem: o.name });
    }
    const found = consistencyIssues(o, today);
    if (found.length) issues.push({ officialId: o.id, name: o.name, state: o.state.abbreviation, issues: found });
    scores[o.id] = qualityScore(missing.get(o.id)?.missingCriticalFields ?? [], found.length);
  }
  const duplicates = findDuplicates(officials);
  log(`${officials.length} officials checked (${all.length - officials.length} governors left out)`);
  log(`${duplicates.length} duplicate groups, ${issues.length} officials with consistency issues`);

  const flags = officials.flatMap((o) => {
    const item = missing.get(o.id);
    return item ? [{ officialId: o.id, priority: item.priority, missingCriticalFields: item.missingCriticalFields }] : [];
  });
  await replaceValidationFlags(db, executionId, flags, step);
  log(`${flags.length} missing-data flags`);

  const values = Object.values(scores);
  progress({ completed: officials.length, total: officials.length, currentItem: null });
  return {
    results: {
      processed: officials.length,
      updated: flags.length,
      governorsExcluded: all.length - officials.length,
      duplicates,
      consistencyIssues: issues,
      missingCriticalFields: {
        officials: flags.length,
        ...Object.fromEntries(PRIORITIES.map((p) => [p, flags.filter((f) => f.priority === p).length])),
      },
      qualityScore: {
        overall: values.length ? Math.round(values.reduce((a, b) => a + b, 0) / values.length) : null,
        byOfficial: scores,
      },
    },
  };
};
