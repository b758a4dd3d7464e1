// What staff do to jobs through the pages and JSON calls: run one by hand, run the full chain,
// cancel a run. Each queues or changes rows (app/models/jobs.server.ts) and tells the process's
// runner, which does the work.
import type { Db } from "~/db.server";
import { env } from "~/env.server";
import { isJobType, JOB_TEXTS, type JobType } from "~/jobs/definitions";
import { theRunner } from "~/jobs/runner.server";
import { cancelExecution, findExecution, queueChain, queueRun } from "~/models/jobs.server";
import { jsonError } from "~/json-response.server";

/** A run by hand (disabled jobs too). Refused with 409 while the job is busy. */
export async function runByHand(db: Db, type: JobType, userId: string) {
  const execution = await queueRun(db, type, { trigger: "manual", userId });
  void theRunner()?.wake();
  return execution;
}

export async function runChain(db: Db, userId: string) {
  const executions = await queueChain(db, { userId });
  void theRunner()?.wake();
  return executions;
}

export async function cancelRun(db: Db, id: number) {
  if ((await cancelExecution(db, id)) === "running") theRunner()?.abort(id);
  return findExecution(db, id);
}

/** The {type} of /api/admin/integration/{type}/…: an unknown one is a 404 ("Integration type not found"). */
export function requireJobType(value: string | undefined): JobType {
  if (!isJobType(value)) throw jsonError(404, JOB_TEXTS.notFound);
  return value;
}

/** Schedules are read in the configured zone. */
export const jobClock = () => ({ timeZone: env().JOBS_TIME_ZONE });
