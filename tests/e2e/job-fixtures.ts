// What the job page tests share. Jobs are global state: both projects (and other files) reach the
// same job, so a test that runs a job or plants a busy run of it holds that job's lock, a file
// created exclusively, for as long as it needs the job to itself.
import { mkdirSync, openSync, closeSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { db } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import type { JobType } from "~/jobs/definitions";

const LOCKS = path.resolve(`tests/.data/job-locks-${process.env.E2E_PORT ?? 3100}`);
/** A lock older than this was left by a test run that died. */
const STALE_MS = 120_000;

/** Takes the lock file if it is free (or left by a run that died); true when taken. */
function tryLock(file: string) {
  try {
    if (Date.now() - statSync(file).mtimeMs > STALE_MS) rmSync(file, { force: true });
  } catch {
    /* no lock */
  }
  try {
    closeSync(openSync(file, "wx"));
    return true;
  } catch {
    return false;
  }
}

export async function withJobLock<T>(type: JobType, work: () => Promise<T>): Promise<T> {
  mkdirSync(LOCKS, { recursive: true });
  const file = path.join(LOCKS, type);
  const { expect } = await import("@playwright/test");
  await expect.poll(() => tryLock(file), { message: `the ${type} lock`, timeout: 90_000 }).toBe(true);
  try {
    return await work();
  } finally {
    rmSync(file, { force: true });
  }
}

/** Holds the locks of several jobs (the chain: all of them), taken in one order so two holders cannot wait on each other. */
export async function withJobLocks<T>(types: readonly JobType[], work: () => Promise<T>): Promise<T> {
  const [first, ...rest] = [...new Set(types)].sort();
  return first ? withJobLock(first, () => withJobLocks(rest, work)) : work();
}

/**
 * A run of a job planted in the database in the state a test needs (a running one with progress,
 * a failed one with an error). The runner only takes pending runs, so a planted running run stays
 * as it is until the test ends it.
 */
export function plantExecution(type: JobType, data: Partial<Prisma.JobExecutionUncheckedCreateInput> = {}) {
  return db.jobExecution.create({ data: { jobType: type, trigger: "manual", status: "running", startedAt: new Date(), ...data } });
}

/** Ends a planted run the test left busy, so no other test finds the job busy. */
export async function endExecution(id: number) {
  await db.jobExecution.updateMany({
    where: { id, status: { in: ["pending", "running"] } },
    data: { status: "cancelled", errorMessage: "Ended by the test", errorReviewed: true, completedAt: new Date() },
  });
}

/** Waits until the runner has finished a run. */
export async function finished(id: number) {
  const { expect } = await import("@playwright/test");
  await expect
    .poll(async () => (await db.jobExecution.findUniqueOrThrow({ where: { id } })).status, { timeout: 20_000 })
    .not.toMatch(/^(pending|running)$/);
}

/**
 * Where this project's recorded official websites listen (startRecordedSites): three ports of the
 * six from E2E_SITES_PORT on (playwright.config.ts), which the app's outbound guard lets through.
 */
export function sitePorts(project: string): [number, number, number] {
  const base = Number(process.env.E2E_SITES_PORT) + (project.includes("js-off") ? 3 : 0);
  return [base, base + 1, base + 2];
}
