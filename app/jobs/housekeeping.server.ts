// Housekeeping: removes what is kept only for a limited time (app/models/housekeeping.server.ts),
// a short batch at a time so the site's requests get the database between batches.
import type { JobFunction } from "~/jobs/job";
import { SWEEPS } from "~/models/housekeeping.server";

/** Rows per batch: one delete of this many stays well under the 100 ms the server may pause for. */
export const HOUSEKEEPING_BATCH = 1_000;

export const housekeeping: JobFunction = async ({ db, step, progress, log, now }) => {
  const at = now();
  const due = await Promise.all(SWEEPS.map((sweep) => sweep.count(db, at)));
  const total = due.reduce((a, b) => a + b, 0);
  const removed: Record<string, number> = {};
  let completed = 0;
  for (const sweep of SWEEPS) {
    removed[sweep.key] = 0;
    for (;;) {
      await step();
      progress({ completed, total, currentItem: sweep.label });
      const count = await sweep.batch(db, at, HOUSEKEEPING_BATCH);
      if (!count) break;
      removed[sweep.key] += count;
      completed += count;
    }
    log(`${sweep.label}: ${removed[sweep.key]} removed`);
  }
  progress({ completed, total, currentItem: null });
  return { results: { processed: completed, updated: completed, ...removed } };
};
