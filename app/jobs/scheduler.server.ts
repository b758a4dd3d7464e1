// The schedules (croner, local time in JOBS_TIME_ZONE) and the process's job runner, started once
// by server.ts through startJobs() and stopped on shutdown. Scheduling is off under NODE_ENV=test
// unless JOB_SCHEDULES=on; runs by hand work either way.
import { Cron } from "croner";
import { startCheckpoints } from "~/db-checkpoints.server";
import { db, dbReady, type Db } from "~/db.server";
import { env, jobSources } from "~/env.server";
import { JOB_DEFINITIONS, JOB_TYPES, type JobType } from "~/jobs/definitions";
import { JOB_FUNCTIONS } from "~/jobs/registry.server";
import { createRunner, litefsPrimary, setTheRunner, type Runner } from "~/jobs/runner.server";
import { firedBetween } from "~/jobs/schedule";
import { jobSettings, queueChain, queueRun, recordSkipped } from "~/models/jobs.server";
import { applyTermDates } from "~/models/term-clock.server";
import { isDatabaseBusy } from "~/lib/database-busy";
import { Refusal } from "~/lib/refusal";

export const SKIPPED_WHILE_BUSY = "Skipped: the previous run was still pending or running.";

type SchedulerOptions = {
  db: Db;
  runner: Pick<Runner, "wake">;
  timeZone: string;
  isPrimary?: () => boolean;
  /** The scheduler looks back to this moment at its first tick. */
  start?: Date;
};

export type TickOutcome = { type: JobType; outcome: "queued" | "disabled" | "skipped" };

/**
 * Each tick queues the jobs whose schedule fired since the previous tick: enabled ones only (a
 * disabled job runs only by hand); a job still busy from its last run gets a skipped execution
 * with the reason. Only the primary queues (replicas cannot write).
 */
export function createScheduler({ db, runner, timeZone, isPrimary = () => true, start = new Date() }: SchedulerOptions) {
  let last = start;
  return {
    async tick(now: Date = new Date()): Promise<TickOutcome[]> {
      const since = last;
      last = now;
      const due = JOB_TYPES.filter((type) => firedBetween(JOB_DEFINITIONS[type].schedule, timeZone, since, now));
      if (!due.length || !isPrimary()) return [];
      const settings = await jobSettings(db);
      const outcomes: TickOutcome[] = [];
      for (const type of due) {
        if (!settings[type].enabled) {
          outcomes.push({ type, outcome: "disabled" });
          continue;
        }
        try {
          await queueRun(db, type, { trigger: "schedule" });
          outcomes.push({ type, outcome: "queued" });
        } catch (error) {
          if (!(error instanceof Refusal)) throw error;
          await recordSkipped(db, type, SKIPPED_WHILE_BUSY, { trigger: "schedule" });
          outcomes.push({ type, outcome: "skipped" });
        }
      }
      void runner.wake();
      return outcomes;
    },
  };
}

/** A server starting while its data is older than this catches up at once instead of at the next night. */
const STALE_AFTER_MS = 24 * 3_600_000;
/** How long after start the catch-up waits: the server settles and a deploy's nodes take their roles first. */
export const CATCH_UP_DELAY_MS = 3 * 60_000;

/**
 * Queues the nightly chain when the last successful congress_import ended more than a day before
 * `now` (or never ran), so a fresh install shows today's officials the same hour. Nothing when a
 * run is already pending or running. Returns whether the chain was queued.
 */
export async function catchUpIfStale(db: Db, now = new Date()): Promise<boolean> {
  const last = await db.jobExecution.findFirst({
    where: { jobType: "congress_import", status: { in: ["completed", "completed_with_errors"] } },
    orderBy: { completedAt: "desc" },
    select: { completedAt: true },
  });
  if (last?.completedAt && now.getTime() - last.completedAt.getTime() < STALE_AFTER_MS) return false;
  try {
    await queueChain(db, { userId: null });
    return true;
  } catch (error) {
    if (error instanceof Refusal) return false;
    throw error;
  }
}

const DATABASE_BUSY_LOG = "the database was busy (another process holds the write lock); trying again shortly.";

/** What the server logs about its role in the jobs (tests wait for these lines). */
export const JOB_ROLES = {
  primary: "Jobs: this node is the primary; the queued jobs run here.",
  replica: "Jobs: this node is a LiteFS read replica; jobs run on the primary only.",
};

/** How often the runner looks for queued work it was not told about (a node that just became primary). */
const POLL_MS = 15_000;

/** Starts the runner (and the schedules unless turned off); returns what stops them. */
export function startJobs() {
  const config = env();
  const isPrimary = litefsPrimary(config.LITEFS_DIR);
  const runner = createRunner({ db, jobs: JOB_FUNCTIONS, isPrimary, sources: jobSources(config) });
  setTheRunner(runner);
  let wasPrimary = false;
  let role: string | null = null;
  /**
   * On becoming primary (and at start) runs left "running" are failed; then the queue is worked
   * through. The node's role is logged at start and when it changes, once that look is over.
   */
  const check = async () => {
    const primary = isPrimary();
    if (primary && !wasPrimary) {
      const interrupted = await runner.recover();
      if (interrupted) console.log(`Jobs: ${interrupted} execution(s) interrupted by a restart marked failed.`);
    }
    wasPrimary = primary; // only once recovered: a busy database is tried again at the next look
    if (primary) await runner.wake();
    const now = primary ? JOB_ROLES.primary : JOB_ROLES.replica;
    if (now !== role) console.log((role = now));
  };
  const report = (error: unknown) => console.error(`Jobs: ${isDatabaseBusy(error) ? DATABASE_BUSY_LOG : error}`);
  const ready = dbReady.then(check).catch(report);
  const poll = setInterval(() => void check().catch(report), POLL_MS);
  poll.unref();

  const scheduler = createScheduler({ db, runner, timeZone: config.JOBS_TIME_ZONE, isPrimary });
  const cron =
    config.JOB_SCHEDULES === "on"
      ? new Cron("* * * * *", { timezone: config.JOBS_TIME_ZONE, protect: true, unref: true }, async () => {
          await scheduler.tick(new Date()).catch((error) => console.error("Job schedules:", error));
        })
      : null;

  // The term clock: who serves follows the calendar between imports (a term ends at noon on
  // January 3, not at the next night's run). At start and at the top of every hour, on the primary.
  const termClock = async () => {
    if (!isPrimary()) return;
    await applyTermDates(db, new Date(), { log: (line) => console.log(`Terms: ${line}`) });
  };
  const clock =
    config.JOB_SCHEDULES === "on"
      ? new Cron("0 * * * *", { timezone: config.JOBS_TIME_ZONE, protect: true, unref: true }, () => termClock().catch(report))
      : null;
  if (clock) void ready.then(termClock).catch(report);
  // A server whose data is more than a day old catches up a few minutes after start.
  const catchUp =
    config.JOB_SCHEDULES === "on"
      ? setTimeout(() => {
          if (!isPrimary()) return;
          catchUpIfStale(db)
            .then((queued) => {
              if (!queued) return;
              console.log("Jobs: the data is more than a day old; the nightly chain was queued to catch up.");
              return runner.wake();
            })
            .catch(report);
        }, CATCH_UP_DELAY_MS)
      : null;
  catchUp?.unref();
  // Copying the write-ahead log into the database file happens on a thread of its own.
  const checkpoints = dbReady
    .then(() => startCheckpoints(db, config.DATABASE_URL))
    .catch((error) => void console.error("WAL checkpoints:", error));

  return {
    async stop() {
      cron?.stop();
      clock?.stop();
      if (catchUp) clearTimeout(catchUp);
      clearInterval(poll);
      await ready;
      await runner.stop();
      setTheRunner(null);
      await (await checkpoints)?.stop();
    },
  };
}
