// The job runner: one per server process. It takes pending executions oldest first, one at a
// time, and runs each job function with an abort signal (staff cancel, server stop) and a progress
// callback whose writes are throttled. Only the LiteFS primary runs jobs, checked before each one.
// A run says what happened: failed when the job threw (its main source could not be read),
// "completed_with_errors" when items failed along the way (ctx.itemFailed), completed only when
// everything went well.
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { Db } from "~/db.server";
import { JOB_DEFINITIONS, JOB_TEXTS, type JobType } from "~/jobs/definitions";
import { createRunLog, stepFor, type JobFunction } from "~/jobs/job";
import { LIVE_SOURCES, type JobSources } from "~/jobs/sources";
import { claimNextExecution, failInterruptedExecutions, finishExecution, saveProgress, type Progress } from "~/models/jobs.server";

export type RunnerOptions = {
  db: Db;
  jobs: Partial<Record<JobType, JobFunction>>;
  /** Asked before each run (LiteFS can move the primary at any time). */
  isPrimary?: () => boolean;
  fetch?: typeof fetch;
  sources?: JobSources;
  /** Progress and log are written at most this often. */
  progressIntervalMs?: number;
  /** How long stop() lets a running job reach its next step before marking it interrupted. */
  stopGraceMs?: number;
};

export type Runner = ReturnType<typeof createRunner>;

// Under LiteFS the primary is the node without a `.primary` file; the rule lives in app/lib/litefs.server.ts.
export { litefsPrimary } from "~/lib/litefs.server";

/**
 * The database client a job gets: the same client, timing each transaction from start to commit.
 * Every job writes in transactions (one per batch), so the longest is the longest any request
 * waited on a job's write.
 */
export function timedTransactions(db: Db) {
  let longest = 0;
  let count = 0;
  let slow = 0;
  const timed = new Proxy(db, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (typeof value !== "function") return value;
      if (property !== "$transaction") return value.bind(target);
      return async (...args: unknown[]) => {
        const started = performance.now();
        try {
          return await value.apply(target, args);
        } finally {
          const took = performance.now() - started;
          longest = Math.max(longest, took);
          count++;
          if (took > WRITE_GOAL_MS) slow++;
        }
      };
    },
  });
  return { db: timed, longestMs: () => Math.round(longest), count: () => count, slow: () => slow };
}

/** The goal for one write transaction (issue 11): a request waits on it at most this long. */
export const WRITE_GOAL_MS = 100;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)) || "The job failed.";

export function createRunner({
  db,
  jobs,
  isPrimary = () => true,
  fetch: fetchImpl = globalThis.fetch,
  sources = LIVE_SOURCES,
  progressIntervalMs = 500,
  stopGraceMs = 5_000,
}: RunnerOptions) {
  let current: { id: number; controller: AbortController } | null = null;
  let draining: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function runOne(execution: { id: number; jobType: string; parameters: unknown }) {
    const type = execution.jobType as JobType;
    const job = jobs[type];
    const controller = new AbortController();
    current = { id: execution.id, controller };
    const log = createRunLog();
    let latest: Progress = { completed: 0, total: 0 };
    let timer: NodeJS.Timeout | null = null;
    let lastWrite = 0;
    let writing: Promise<void> = Promise.resolve();
    const flush = () => {
      timer = null;
      lastWrite = Date.now();
      const snapshot = latest;
      writing = writing.then(() => saveProgress(db, execution.id, snapshot, log.text())).catch((e) => console.error("Job progress:", e));
    };
    const progress = (p: Progress) => {
      latest = p;
      if (!timer) timer = setTimeout(flush, Math.max(0, lastWrite + progressIntervalMs - Date.now()));
    };

    // How long the server could not answer a request while the job ran (better-sqlite3 blocks the
    // event loop during each write): recorded with every completed run as longestPauseMs, and the
    // longest write transaction (goal: under 100 ms) as longestWriteMs.
    const writes = timedTransactions(db);
    const pauses = monitorEventLoopDelay({ resolution: 10 });
    pauses.enable();
    let outcome: Parameters<typeof finishExecution>[2];
    try {
      if (!job) throw new Error(`No job is called ${type}.`);
      log.add(`Started ${JOB_DEFINITIONS[type].title}`);
      const result = await job({
        db: writes.db,
        fetch: fetchImpl,
        sources,
        signal: controller.signal,
        step: stepFor(controller.signal),
        progress,
        log: log.add,
        itemFailed: log.itemFailed,
        executionId: execution.id,
        parameters: execution.parameters,
        now: () => new Date(),
      });
      controller.signal.throwIfAborted();
      pauses.disable();
      const results = {
        ...result.results,
        longestPauseMs: Math.round(pauses.max / 1e6),
        longestWriteMs: writes.longestMs(),
        // How many write transactions there were, and how many took longer than the goal.
        writes: writes.count(),
        writesOverGoal: writes.slow(),
      };
      const itemError = log.itemError();
      const failedItems = log.failureCounts();
      outcome =
        itemError && result.status !== "skipped"
          ? {
              status: "completed_with_errors",
              results: { ...results, failedItems },
              errorMessage: [result.message, itemError].filter(Boolean).join(". "),
            }
          : { status: result.status ?? "completed", results, errorMessage: result.message ?? null };
    } catch (error) {
      if (controller.signal.aborted) {
        const interrupted = stopped;
        outcome = {
          status: interrupted ? "failed" : "cancelled",
          errorMessage: interrupted ? JOB_TEXTS.interrupted : JOB_TEXTS.cancelledByStaff,
        };
      } else {
        outcome = { status: "failed", errorMessage: messageOf(error) };
        console.error(`Job ${execution.id} (${type}) failed:`, error);
      }
    }
    pauses.disable();
    log.fold();
    log.add(`Finished: ${outcome.status}${outcome.errorMessage ? ` (${outcome.errorMessage})` : ""}`);
    if (timer) clearTimeout(timer);
    await writing;
    await finishExecution(db, execution.id, outcome, latest, log.text());
    current = null;
  }

  async function drain() {
    while (!stopped && isPrimary()) {
      const execution = await claimNextExecution(db);
      if (!execution) return;
      await runOne(execution);
    }
  }

  return {
    /** Starts working through the queue unless already at it; resolves when the queue is empty. */
    wake(): Promise<void> {
      if (stopped) return Promise.resolve();
      if (draining) {
        again = true;
        return draining;
      }
      draining = (async () => {
        try {
          do {
            again = false;
            await drain();
          } while (again && !stopped);
        } catch (error) {
          console.error("Job runner:", error);
        } finally {
          draining = null;
        }
      })();
      return draining;
    },

    /** Stops the running job at its next step when it is this one; the caller has marked it cancelled. */
    abort(id: number) {
      if (current?.id === id) current.controller.abort();
    },

    runningId: () => current?.id ?? null,

    /** At start (primary only): runs left "running" by a process that stopped mid-run are marked failed. */
    async recover() {
      if (!isPrimary()) return 0;
      return failInterruptedExecutions(db);
    },

    /** Server shutdown: no new run starts; a running job is aborted and recorded as interrupted. */
    async stop() {
      stopped = true;
      const running = current;
      running?.controller.abort();
      if (!draining) return;
      const grace = new Promise<"late">((resolve) => setTimeout(() => resolve("late"), stopGraceMs).unref());
      if ((await Promise.race([draining, grace])) === "late" && running) await failInterruptedExecutions(db, [running.id]);
    },
  };
}

const processRunner = globalThis as unknown as { __jobRunner?: Runner };

/** The server process's runner, once started (app/jobs/scheduler.server.ts); none in tests that call routes directly. */
export const theRunner = () => processRunner.__jobRunner ?? null;
export function setTheRunner(runner: Runner | null) {
  processRunner.__jobRunner = runner ?? undefined;
}
