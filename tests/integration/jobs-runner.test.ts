// The job runner, the schedules and the chain against the real
// database: order, one at a time, cancel, refusals while busy, restarts, the LiteFS primary check.
// Job functions here are small ones the tests control, so each step is awaited, never timed.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { cancelRun, runByHand, runChain } from "~/jobs/control.server";
import { CHAIN_ORDER, JOB_TEXTS, OPENSECRETS_DISCONTINUED, type JobType } from "~/jobs/definitions";
import { RUN_LOG_LIMITS, type JobFunction } from "~/jobs/job";
import { JOB_FUNCTIONS } from "~/jobs/registry.server";
import { createRunner, litefsPrimary, setTheRunner, type Runner } from "~/jobs/runner.server";
import { createScheduler, SKIPPED_WHILE_BUSY } from "~/jobs/scheduler.server";
import { Refusal } from "~/lib/refusal";
import { claimNextExecution, jobStatus, queueRun, setJobEnabled } from "~/models/jobs.server";

let adminId: string;
beforeAll(async () => {
  adminId = (await db.user.findUniqueOrThrow({ where: { email: "admin@civicatlas.test" } })).id;
});

/** A promise with its resolve, for a job the test lets go step by step. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const execution = (id: number) => db.jobExecution.findUniqueOrThrow({ where: { id } });
const ok = (processed = 1): ReturnType<JobFunction> => Promise.resolve({ results: { processed, updated: 0 } });

/** A job that says when it starts and waits until the test lets it finish or it is aborted. */
function heldJob() {
  const started = deferred();
  const release = deferred();
  const job: JobFunction = async ({ signal, progress }) => {
    progress({ completed: 0, total: 2, currentItem: "first" });
    started.resolve();
    await Promise.race([release.promise, new Promise((resolve) => signal.addEventListener("abort", resolve))]);
    signal.throwIfAborted();
    progress({ completed: 2, total: 2 });
    return { results: { processed: 2, updated: 1 } };
  };
  return { job, started: started.promise, release: release.resolve };
}

let runner: Runner | null = null;
afterEach(async () => {
  await runner?.stop();
  setTheRunner(null);
  runner = null;
  // Nothing a test queued is left waiting for the next one.
  await db.jobExecution.updateMany({ where: { status: { in: ["pending", "running"] } }, data: { status: "cancelled" } });
});
const startRunner = (jobs: Partial<Record<JobType, JobFunction>>, options: Partial<Parameters<typeof createRunner>[0]> = {}) => {
  runner = createRunner({ db, jobs, ...options });
  setTheRunner(runner);
  return runner;
};

describe("the runner", () => {
  test("runs pending executions oldest first, one at a time, and records results and progress", async () => {
    const events: string[] = [];
    const job =
      (name: string): JobFunction =>
      async ({ progress, log }) => {
        events.push(`start ${name}`);
        progress({ completed: 1, total: 1, currentItem: name });
        log(`did ${name}`);
        await new Promise((resolve) => setImmediate(resolve));
        events.push(`end ${name}`);
        return { results: { processed: 1, updated: 1, name } };
      };
    const a = await queueRun(db, "housekeeping", { trigger: "manual", userId: adminId });
    const b = await queueRun(db, "data_validation", { trigger: "manual" });
    const c = await queueRun(db, "opensecrets_import", { trigger: "manual" });
    await startRunner({ housekeeping: job("a"), data_validation: job("b"), opensecrets_import: job("c") }).wake();
    expect(events).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
    const rows = await Promise.all([a, b, c].map((e) => execution(e.id)));
    expect(rows.map((r) => r.status)).toEqual(["completed", "completed", "completed"]);
    expect(rows[0].results).toEqual({
      processed: 1,
      updated: 1,
      name: "a",
      longestPauseMs: expect.any(Number),
      longestWriteMs: expect.any(Number),
      writes: expect.any(Number),
      writesOverGoal: expect.any(Number),
    });
    expect(rows[0]).toMatchObject({ progressCompleted: 1, progressTotal: 1, currentItem: "a", triggeredById: adminId });
    expect(rows[0].logs).toMatch(/did a/);
    expect(rows[0].startedAt!.getTime()).toBeLessThanOrEqual(rows[0].completedAt!.getTime());
    expect(rows[0].completedAt!.getTime()).toBeLessThanOrEqual(rows[1].startedAt!.getTime());
    expect(rows[1].completedAt!.getTime()).toBeLessThanOrEqual(rows[2].startedAt!.getTime());
  });

  test("records the longest write transaction of a run", async () => {
    const blockFor = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until); // holds the event loop, as a long synchronous write does
    };
    const run = await queueRun(db, "housekeeping", { trigger: "manual" });
    await startRunner({
      housekeeping: async ({ db: jobDb }) => {
        await jobDb.$transaction(async (tx) => {
          await tx.jobExecution.findUnique({ where: { id: run.id } });
          blockFor(60);
        });
        await jobDb.$transaction(async () => blockFor(5));
        return { results: { processed: 0, updated: 0 } };
      },
    }).wake();
    const { results } = await execution(run.id);
    expect((results as { longestWriteMs: number }).longestWriteMs).toBeGreaterThanOrEqual(60);
  });

  test("a job that throws is failed with its message; the next one still runs", async () => {
    const a = await queueRun(db, "housekeeping", { trigger: "manual" });
    const b = await queueRun(db, "data_validation", { trigger: "manual" });
    await startRunner({
      housekeeping: async () => {
        throw new Error("The source answered 500");
      },
      data_validation: () => ok(),
    }).wake();
    expect(await execution(a.id)).toMatchObject({ status: "failed", errorMessage: "The source answered 500", errorReviewed: false });
    expect((await execution(b.id)).status).toBe("completed");
  });

  test("item failures end the run Completed with errors: summaries, warnings and changes all stay, the failures are folded", async () => {
    const a = await queueRun(db, "housekeeping", { trigger: "manual" });
    await startRunner({
      housekeeping: async ({ log, itemFailed }) => {
        log("Step 1 of 2: sessions");
        for (let i = 0; i < 40; i++) log(`Removed session ${i}`);
        log("Warning: no sessions table in the source for 3 states (kept as they are)");
        const photos = { failed: "photos not available", of: 300 };
        for (let i = 0; i < 250; i++) itemFailed(photos, `Photo of Official ${i} not stored: HTTP 404, no such page at the source`);
        log("Sessions: 40 removed");
        return { results: { processed: 300, updated: 40 } };
      },
    }).wake();
    const row = await execution(a.id);
    expect(row.status).toBe("completed_with_errors");
    expect(row.errorMessage).toBe(
      "250 of 300 photos not available; first: Photo of Official 0 not stored: HTTP 404, no such page at the source",
    );
    expect(row.errorReviewed).toBe(false);
    expect(row.results).toMatchObject({ processed: 300, updated: 40, failedItems: { "photos not available": 250 } });
    const lines = row.logs!.split("\n").map((line) => line.replace(/^\S+ /, ""));
    // Every ordinary line is there, in order, the summary after the failures.
    expect(lines.filter((line) => line.startsWith("Removed session"))).toHaveLength(40);
    expect(lines).toContain("Warning: no sessions table in the source for 3 states (kept as they are)");
    expect(lines.indexOf("Sessions: 40 removed")).toBeGreaterThan(lines.indexOf("Step 1 of 2: sessions"));
    // The first five failures in full, then one line for the rest, then the end.
    expect(lines.filter((line) => line.startsWith("Photo of"))).toEqual(
      [0, 1, 2, 3, 4].map((i) => `Photo of Official ${i} not stored: HTTP 404, no such page at the source`),
    );
    expect(lines.at(-2)).toBe("250 photos not available (the first 5 are listed above)");
    expect(lines.at(-1)).toMatch(/^Finished: completed_with_errors \(250 of 300 photos not available; first: /);
    // It is an error to review on the dashboard and the job pages.
    expect(await jobStatus(db, "housekeeping", { timeZone: "America/New_York" })).toMatchObject({
      currentStatus: "completed_with_errors",
      hasUnreviewedErrors: true,
    });
  });

  test("only a runaway job's log is cut: its first and last lines stay", async () => {
    const a = await queueRun(db, "housekeeping", { trigger: "manual" });
    const total = RUN_LOG_LIMITS.lines * 3;
    await startRunner({
      housekeeping: async ({ log }) => {
        for (let i = 0; i < total; i++) log(`line ${i} ${"x".repeat(1000)}`);
        return { results: { processed: 0, updated: 0 } };
      },
    }).wake();
    const logs = (await execution(a.id)).logs!;
    const lines = logs.split("\n");
    expect(lines.length).toBeLessThanOrEqual(RUN_LOG_LIMITS.lines + 2);
    expect(lines[1]).toMatch(/ line 0 x+…$/);
    expect(lines.find((line) => line.includes(`line ${total - 1} `))).toBeDefined();
    expect(logs).toMatch(/\(\d+ lines not kept\)/);
    expect(lines.at(-1)).toMatch(/Finished: completed$/);
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(RUN_LOG_LIMITS.lineLength + 30);
  });

  test("Cancel stops a running job at its next step; the queue goes on", async () => {
    const held = heldJob();
    const a = await queueRun(db, "housekeeping", { trigger: "manual" });
    const b = await queueRun(db, "data_validation", { trigger: "manual" });
    const drained = startRunner({ housekeeping: held.job, data_validation: () => ok() }).wake();
    await held.started;
    expect((await execution(a.id)).status).toBe("running");
    const cancelled = await cancelRun(db, a.id);
    expect(cancelled).toMatchObject({ status: "cancelled", errorMessage: JOB_TEXTS.cancelledByStaff });
    await drained;
    expect(await execution(a.id)).toMatchObject({ status: "cancelled", errorReviewed: true, progressCompleted: 0 });
    expect((await execution(a.id)).logs).toMatch(/Finished: cancelled/);
    expect((await execution(b.id)).status).toBe("completed");
  });

  test("Cancel of a pending run: it never starts", async () => {
    const held = heldJob();
    let ranB = false;
    const a = await queueRun(db, "housekeeping", { trigger: "manual" });
    const b = await queueRun(db, "data_validation", { trigger: "manual" });
    const drained = startRunner({
      housekeeping: held.job,
      data_validation: async () => {
        ranB = true;
        return { results: { processed: 0, updated: 0 } };
      },
    }).wake();
    await held.started;
    expect((await cancelRun(db, b.id))?.status).toBe("cancelled");
    held.release();
    await drained;
    expect(ranB).toBe(false);
    expect(await execution(b.id)).toMatchObject({ status: "cancelled", startedAt: null });
    expect((await execution(a.id)).status).toBe("completed");
    // An ended run cannot be cancelled.
    await expect(cancelRun(db, a.id)).rejects.toMatchObject({ status: 409, message: JOB_TEXTS.notCancellable });
  });

  test("a new run of a job is refused while one is pending or running", async () => {
    await runByHand(db, "data_validation", adminId);
    await expect(runByHand(db, "data_validation", adminId)).rejects.toMatchObject({ status: 409, message: "A job is already running" });
    // Another job is not blocked.
    await expect(runByHand(db, "housekeeping", adminId)).resolves.toMatchObject({ status: "pending" });
  });

  test("at start, runs left running by a stopped process are failed; pending ones stay queued and then run", async () => {
    const a = await queueRun(db, "housekeeping", { trigger: "manual" });
    expect((await claimNextExecution(db))?.id).toBe(a.id); // the process that claimed it is gone
    const b = await queueRun(db, "data_validation", { trigger: "manual" });
    const r = startRunner({ data_validation: () => ok() });
    expect(await r.recover()).toBe(1);
    expect(await execution(a.id)).toMatchObject({ status: "failed", errorMessage: "Interrupted by a server restart" });
    await r.wake();
    expect((await execution(b.id)).status).toBe("completed");
  });

  test("stopping the server aborts the running job and records it as interrupted", async () => {
    const held = heldJob();
    const a = await queueRun(db, "housekeeping", { trigger: "manual" });
    const r = startRunner({ housekeeping: held.job });
    void r.wake();
    await held.started;
    await r.stop();
    expect(await execution(a.id)).toMatchObject({ status: "failed", errorMessage: "Interrupted by a server restart" });
  });

  test("only the LiteFS primary runs jobs, checked before each run", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "litefs-"));
    try {
      const isPrimary = litefsPrimary(dir);
      expect(isPrimary()).toBe(true);
      expect(litefsPrimary(undefined)()).toBe(true);
      writeFileSync(path.join(dir, ".primary"), "other-machine\n");
      expect(isPrimary()).toBe(false);

      const a = await queueRun(db, "housekeeping", { trigger: "manual" });
      const b = await queueRun(db, "data_validation", { trigger: "manual" });
      const r = startRunner(
        {
          housekeeping: async () => {
            writeFileSync(path.join(dir, ".primary"), "other-machine\n"); // the lease moves mid-queue
            return { results: { processed: 0, updated: 0 } };
          },
          data_validation: () => ok(),
        },
        { isPrimary },
      );
      await r.wake();
      expect((await execution(a.id)).status).toBe("pending"); // a replica runs nothing
      rmSync(path.join(dir, ".primary"));
      await r.wake();
      expect((await execution(a.id)).status).toBe("completed");
      expect((await execution(b.id)).status).toBe("pending"); // no longer primary when its turn came
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the full chain", () => {
  test("queues every job in the spec's order, the email digests after the imports, housekeeping last; a failed job or one completed with errors does not stop it", async () => {
    const ran: string[] = [];
    const job =
      (type: JobType, fail = false, itemsFail = false): JobFunction =>
      async ({ itemFailed }) => {
        ran.push(type);
        if (fail) throw new Error(`${type} broke`);
        if (itemsFail) itemFailed({ failed: "roll calls not read", of: 2 }, "House roll call 240: HTTP 503");
        return { results: { processed: 0, updated: 0 } };
      };
    const executions = await runChain(db, adminId);
    expect(executions.map((e) => e.jobType)).toEqual([...CHAIN_ORDER]);
    expect(CHAIN_ORDER.at(-1)).toBe("housekeeping");
    // While it waits, another chain is refused.
    await expect(runChain(db, adminId)).rejects.toMatchObject({ status: 409, message: JOB_TEXTS.chainBlocked });

    await startRunner({
      congress_import: job("congress_import"),
      data_validation: job("data_validation", true),
      govtrack_import: job("govtrack_import", false, true),
      opensecrets_import: JOB_FUNCTIONS.opensecrets_import!,
      ballotpedia_import: job("ballotpedia_import"),
      contact_crawl: job("contact_crawl"),
      email_digests: job("email_digests"),
      housekeeping: job("housekeeping"),
    }).wake();
    expect(ran).toEqual([
      "congress_import",
      "data_validation",
      "govtrack_import",
      "ballotpedia_import",
      "contact_crawl",
      "email_digests",
      "housekeeping",
    ]);
    const rows = await db.jobExecution.findMany({ where: { id: { in: executions.map((e) => e.id) } }, orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.jobType, r.status])).toEqual([
      ["congress_import", "completed"],
      ["data_validation", "failed"],
      ["govtrack_import", "completed_with_errors"],
      ["opensecrets_import", "skipped"],
      ["ballotpedia_import", "completed"],
      ["contact_crawl", "completed"],
      ["email_digests", "completed"],
      ["housekeeping", "completed"],
    ]);
    expect(rows[1].errorMessage).toBe("data_validation broke");
    expect(rows[3].errorMessage).toBe(OPENSECRETS_DISCONTINUED);
    expect(new Set(rows.map((r) => JSON.stringify(r.parameters))).size).toBe(1); // one chain
    expect(rows.every((r) => r.trigger === "chain")).toBe(true);
  });

  test("is refused while any single job is pending", async () => {
    await runByHand(db, "housekeeping", adminId);
    await expect(runChain(db, adminId)).rejects.toBeInstanceOf(Refusal);
  });
});

describe("the schedules", () => {
  // 2026-11-23 is in Eastern Standard Time (UTC-5): 2:00 AM there is 07:00 UTC.
  const at = (utc: string) => new Date(`2026-11-23T${utc}Z`);
  const wake = async () => {};

  test("a job runs when its local time passes; a disabled one does not, but runs by hand", async () => {
    await setJobEnabled(db, "data_validation", false);
    try {
      const scheduler = createScheduler({ db, runner: { wake }, timeZone: "America/New_York", start: at("06:59:00") });
      // 2:00 AM: the congress import fires and is queued.
      expect(await scheduler.tick(at("07:00:00"))).toEqual([{ type: "congress_import", outcome: "queued" }]);
      expect(await scheduler.tick(at("07:59:00"))).toEqual([]);
      const before = await db.jobExecution.count({ where: { jobType: "data_validation" } });
      // 3:00 AM: data validation is disabled, so nothing is queued.
      expect(await scheduler.tick(at("08:00:00"))).toEqual([{ type: "data_validation", outcome: "disabled" }]);
      expect(await db.jobExecution.count({ where: { jobType: "data_validation" } })).toBe(before);
      // 4:00 AM: OpenSecrets is enabled and queued.
      await scheduler.tick(at("08:59:00"));
      expect(await scheduler.tick(at("09:00:00"))).toEqual([{ type: "opensecrets_import", outcome: "queued" }]);
      // By hand, the disabled job runs.
      await expect(runByHand(db, "data_validation", adminId)).resolves.toMatchObject({ status: "pending", trigger: "manual" });
    } finally {
      await setJobEnabled(db, "data_validation", true);
    }
  });

  test("a schedule that fires while the job is still busy records a skipped run", async () => {
    await runByHand(db, "housekeeping", adminId);
    const scheduler = createScheduler({ db, runner: { wake }, timeZone: "America/New_York", start: at("10:29:00") });
    expect(await scheduler.tick(at("10:31:00"))).toEqual([{ type: "housekeeping", outcome: "skipped" }]);
    const last = await db.jobExecution.findFirstOrThrow({ where: { jobType: "housekeeping" }, orderBy: { id: "desc" } });
    expect(last).toMatchObject({ status: "skipped", errorMessage: SKIPPED_WHILE_BUSY, trigger: "schedule" });
  });

  test("the night clocks skip 2:00 AM, the 2:00 AM job runs at 3:00; ticks missed by a slow event loop still count", async () => {
    const spring = createScheduler({
      db,
      runner: { wake },
      timeZone: "America/New_York",
      start: new Date("2027-03-14T06:59:00Z"), // 1:59 AM EST
    });
    // 07:00 UTC is 3:00 AM EDT; data validation (3:00) fires too.
    const outcomes = await spring.tick(new Date("2027-03-14T07:00:30Z"));
    expect(outcomes.map((o) => o.type)).toEqual(["congress_import", "data_validation"]);
  });

  test("a replica queues nothing", async () => {
    const scheduler = createScheduler({
      db,
      runner: { wake },
      timeZone: "America/New_York",
      start: at("06:59:00"),
      isPrimary: () => false,
    });
    expect(await scheduler.tick(at("11:00:00"))).toEqual([]);
  });
});
