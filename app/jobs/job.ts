// What every job function receives and returns. A job is a plain async function of its inputs, so
// tests call it directly with a test database, a local fetch and their own signal.
import type { Db } from "~/db.server";
import type { JobSources } from "~/jobs/sources";
import type { Progress, Results } from "~/models/jobs.server";

export type JobContext = {
  db: Db;
  fetch: typeof fetch;
  /** Where the outside sources live (configuration; tests point them at 127.0.0.1). */
  sources: JobSources;
  /** Aborted when staff cancel the run or the server stops: stop at the next step. */
  signal: AbortSignal;
  /**
   * Call between steps (each write batch): lets the server answer requests waiting on the event
   * loop (better-sqlite3 works synchronously, so a loop of awaited queries never yields to them on
   * its own), then throws if the run was cancelled.
   */
  step: () => Promise<void>;
  /** Throttled by the runner; call it as often as useful. */
  progress: (progress: Progress) => void;
  /** One line of the execution's log (kept bounded). */
  log: (line: string) => void;
  /** The execution this run records (e.g. for rows the job creates). */
  executionId: number;
  parameters: unknown;
  now: () => Date;
};

export type JobOutcome = {
  results: Results;
  /** "skipped" records a run that had nothing it could do, with `message` as the reason. */
  status?: "completed" | "skipped";
  message?: string;
};

export type JobFunction = (context: JobContext) => Promise<JobOutcome>;

/** JobContext.step for a signal. */
export const stepFor = (signal: AbortSignal) => async () => {
  await new Promise((resolve) => setImmediate(resolve));
  signal.throwIfAborted();
};
