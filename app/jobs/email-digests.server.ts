// Email digests: after the night's imports, each user who chose daily or weekly updates and is due
// gets one email of what is new on what they follow (app/models/digests.server.ts); nothing new,
// no email. A user at a time, with the job's step between them, so the site's requests go first.
import type { JobFunction } from "~/jobs/job";
import { countDueDigests, sendDueDigests } from "~/models/digests.server";

export const emailDigests: JobFunction = async ({ db, step, progress, log, itemFailed, now }) => {
  const at = now();
  const total = await countDueDigests(db, at);
  let done = 0;
  const run = await sendDueDigests(db, {
    now: at,
    pause: async () => {
      await step();
      progress({ completed: done++, total });
    },
    failed: (email, sentence) => itemFailed({ failed: "digests not sent", of: total }, `${email}: ${sentence}`),
  });
  progress({ completed: total, total, currentItem: null });
  if (run.interrupted) log(`${run.interrupted} digests of a stopped run marked interrupted (perhaps sent, so never sent again)`);
  log(`${run.sent} digests sent; ${run.empty} users had nothing new (no email); ${run.failed} not sent`);
  return { results: { processed: run.sent + run.empty + run.failed, updated: run.sent, ...run } };
};
