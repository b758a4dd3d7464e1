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
  /**
   * One line of the execution's log: a summary, a warning or a change. These lines are always kept
   * (RUN_LOG_LIMITS.lines is only a guard against a runaway job).
   */
  log: (line: string) => void;
  /**
   * One item of the run failed (a photo, a page, a site) and the run goes on: the sentence says
   * which item and why. The runner counts the failures of each kind, keeps the first few of each
   * in the log and folds the rest into one line, and ends the run "completed_with_errors" with an
   * error for staff to review. A source the job cannot do without is not an item: throw instead,
   * and the run fails.
   */
  itemFailed: (kind: ItemKind, sentence: string) => void;
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

/**
 * What a job handles one by one, for counting failures: "587 of 587 Ballotpedia lookups failed",
 * "582 photos not available".
 */
export type ItemKind = {
  /** The plural with what went wrong: "Ballotpedia lookups failed", "photos not available". */
  failed: string;
  /** How many items of this kind the run tried. */
  of: number;
};

/** How much of a run's log is kept. */
export const RUN_LOG_LIMITS = {
  /** Ordinary lines (summaries, warnings, changes); past this many the middle ones are dropped. */
  lines: 5_000,
  lineLength: 300,
  /** Item failures of one kind written out in full; the rest are counted in one line at the end. */
  itemsPerKind: 5,
};

/**
 * A run's log and its item failures (JobContext.log and itemFailed). Ordinary lines are never
 * dropped (but for the runaway guard), each cut to RUN_LOG_LIMITS.lineLength; item failures are
 * kept in full for the first few of each kind, then counted, and fold() adds one line per kind:
 * "582 photos not available (the first 5 are above)".
 */
export function createRunLog(now: () => Date = () => new Date()) {
  const { lines: maxLines, lineLength, itemsPerKind } = RUN_LOG_LIMITS;
  const head: string[] = [];
  const tail: string[] = [];
  let dropped = 0;
  const failures = new Map<string, { kind: ItemKind; count: number; first: string }>();

  const half = maxLines / 2;
  const add = (line: string) => {
    const text = line.length > lineLength ? `${line.slice(0, lineLength - 1)}…` : line;
    const stamped = `${now().toISOString()} ${text}`;
    if (head.length < half) head.push(stamped);
    else {
      tail.push(stamped);
      // Past the guard the tail keeps its newest half; trimmed in bulk, not a shift per line.
      if (tail.length >= maxLines) dropped += tail.splice(0, tail.length - half).length;
    }
  };

  return {
    add,
    itemFailed(kind: ItemKind, sentence: string) {
      const seen = failures.get(kind.failed);
      if (seen) {
        seen.count++;
        seen.kind = kind;
      } else failures.set(kind.failed, { kind, count: 1, first: sentence });
      if ((seen?.count ?? 1) <= itemsPerKind) add(sentence);
    },
    /** The lines that count each kind of item failure; call once, when the job has ended. */
    fold() {
      for (const { kind, count } of failures.values()) {
        const shown = Math.min(count, itemsPerKind);
        add(`${count} ${kind.failed} (${count === shown ? "each listed above" : `the first ${shown} are listed above`})`);
      }
    },
    /** The run's error for staff when items failed: "587 of 587 Ballotpedia lookups failed; first: …". */
    itemError(): string | null {
      if (!failures.size) return null;
      return [...failures.values()]
        .map(({ kind, count, first }) => `${count} of ${Math.max(kind.of, count)} ${kind.failed}; first: ${first}`)
        .join(". ");
    },
    failureCounts: () => Object.fromEntries([...failures].map(([key, { count }]) => [key, count])),
    text() {
      const over = Math.max(0, tail.length - half);
      const notKept = dropped + over;
      return [...head, ...(notKept ? [`(${notKept} lines not kept)`] : []), ...tail.slice(over)].join("\n");
    },
  };
}
export type RunLog = ReturnType<typeof createRunLog>;

/** JobContext.step for a signal. */
export const stepFor = (signal: AbortSignal) => async () => {
  await new Promise((resolve) => setImmediate(resolve));
  signal.throwIfAborted();
};
