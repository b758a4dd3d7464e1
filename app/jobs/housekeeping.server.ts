// Housekeeping: removes what is kept only for a limited time (app/models/housekeeping.server.ts),
// a short batch at a time so the site's requests get the database between batches.
import type { JobFunction } from "~/jobs/job";
import { SWEEPS } from "~/models/housekeeping.server";

/** Rows per batch: one delete of this many stays well under the 100 ms the server may pause for, even with a cold cache. */
export const HOUSEKEEPING_BATCH = 500;
/** Due rows counted at a time: the progress's total grows by this much at most as the sweep goes on. */
export const HOUSEKEEPING_COUNT_STEP = 10_000;

/**
 * Each sweep in batches, the event loop given back between them. The progress's total is what is
 * removed so far plus what is known to be due: counted HOUSEKEEPING_COUNT_STEP rows at a time, never the whole
 * backlog in one statement.
 */
export const housekeeping: JobFunction = async ({ db, step, progress, log, now }) => {
  const at = now();
  const removed: Record<string, number> = {};
  let completed = 0;
  for (const sweep of SWEEPS) {
    removed[sweep.key] = 0;
    await step();
    let due = await sweep.count(db, at, HOUSEKEEPING_COUNT_STEP);
    for (;;) {
      await step();
      progress({ completed, total: completed + due, currentItem: sweep.label });
      const count = due ? await sweep.batch(db, at, HOUSEKEEPING_BATCH) : 0;
      if (!count) break;
      removed[sweep.key] += count;
      completed += count;
      due = Math.max(due - count, 0);
      if (!due) due = await sweep.count(db, at, HOUSEKEEPING_COUNT_STEP);
    }
    log(`${sweep.label}: ${removed[sweep.key]} removed`);
  }
  progress({ completed, total: completed, currentItem: null });
  return { results: { processed: completed, updated: completed, ...removed } };
};
