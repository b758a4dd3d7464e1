// The jobs that work on local data: housekeeping removes exactly what the privacy page
// says is kept for a limited time; data validation lists its findings and flags missing data;
// OpenSecrets records a skipped run. Run through the real runner on the real database.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { OPENSECRETS_DISCONTINUED, type JobType } from "~/jobs/definitions";
import { housekeeping } from "~/jobs/housekeeping.server";
import { JOB_FUNCTIONS } from "~/jobs/registry.server";
import { createRunner } from "~/jobs/runner.server";
import { daysBefore, monthsBefore, RETENTION } from "~/lib/retention";
import { queueRun } from "~/models/jobs.server";
import { testJobContext } from "../support/job-context";

const runner = createRunner({ db, jobs: JOB_FUNCTIONS });
afterAll(() => runner.stop());

/** Queues a run of `type`, lets the runner do it, and returns the finished row. */
async function run(type: JobType) {
  const { id } = await queueRun(db, type, { trigger: "manual" });
  await runner.wake();
  return db.jobExecution.findUniqueOrThrow({ where: { id } });
}

describe("housekeeping", () => {
  const now = new Date();
  const MINUTE = 60_000;
  const ago = (date: Date, ms: number) => new Date(date.getTime() - ms);
  let userId: string;
  const kept: Record<string, (string | number)[]> = {};
  const due: Record<string, (string | number)[]> = {};

  beforeAll(async () => {
    userId = (await db.user.create({ data: { email: `housekeeping-${randomUUID()}@example.test` } })).id;
    const session = (expirationDate: Date) => db.session.create({ data: { userId, expirationDate } }).then((r) => r.id);
    const verification = (expiresAt: Date) =>
      db.verification
        .create({ data: { type: "reset-password", target: "x@example.test", tokenHash: randomUUID(), userId, expiresAt } })
        .then((r) => r.id);
    const message = (createdAt: Date) =>
      db.contactMessage.create({ data: { name: "N", email: "n@example.test", subject: "S", message: "M", createdAt } }).then((r) => r.id);
    const activity = (createdAt: Date) => db.activityLog.create({ data: { userId, action: "sign_in", createdAt } }).then((r) => r.id);
    const jobLog = (createdAt: Date) =>
      db.jobExecution.create({ data: { jobType: "data_validation", status: "completed", logs: "a line", createdAt } }).then((r) => r.id);

    const messageLimit = monthsBefore(now, RETENTION.contactMessagesMonths);
    const activityLimit = monthsBefore(now, RETENTION.activityMonths);
    const logLimit = daysBefore(now, RETENTION.logDays);
    due.sessions = [await session(ago(now, MINUTE)), await session(ago(now, 400 * 86_400_000))];
    kept.sessions = [await session(new Date(now.getTime() + MINUTE))];
    due.verifications = [await verification(ago(now, MINUTE))];
    kept.verifications = [await verification(new Date(now.getTime() + MINUTE))];
    due.messages = [await message(ago(messageLimit, MINUTE)), await message(ago(messageLimit, 365 * 86_400_000))];
    kept.messages = [await message(new Date(messageLimit.getTime() + MINUTE))];
    due.activity = [await activity(ago(activityLimit, MINUTE))];
    kept.activity = [await activity(new Date(activityLimit.getTime() + MINUTE))];
    due.jobLogs = [await jobLog(ago(logLimit, MINUTE))];
    kept.jobLogs = [await jobLog(new Date(logLimit.getTime() + MINUTE))];
  });

  test("removes exactly the rows past each limit, in batches, and reports the counts", async () => {
    const batches: number[] = []; // progress: rows removed so far
    const result = await housekeeping(testJobContext(db, { progress: (p) => batches.push(p.completed), now: () => now }));
    expect(result.results).toEqual({
      processed: 7,
      updated: 7,
      expiredSessions: 2,
      expiredVerifications: 1,
      contactMessages: 2,
      activityEntries: 1,
      jobLogs: 1,
    });
    expect(batches.at(-1)).toBe(7);
    const ids = (rows: { id: string | number }[]) => rows.map((r) => r.id).sort();
    const sessions = ids(await db.session.findMany({ where: { userId }, select: { id: true } }));
    expect(sessions).toEqual([...kept.sessions].sort());
    expect(ids(await db.verification.findMany({ where: { userId }, select: { id: true } }))).toEqual(kept.verifications);
    const messages = await db.contactMessage.findMany({ where: { id: { in: [...due.messages, ...kept.messages] as number[] } } });
    expect(ids(messages)).toEqual(kept.messages);
    const activity = await db.activityLog.findMany({ where: { userId } });
    expect(ids(activity)).toEqual(kept.activity);
    const logs = await db.jobExecution.findMany({
      where: { id: { in: [...due.jobLogs, ...kept.jobLogs] as number[] } },
      orderBy: { id: "asc" },
    });
    expect(logs.map((l) => l.logs)).toEqual([null, "a line"]); // the old run stays as history, without its log
  });

  test("a second run finds nothing more", async () => {
    const row = await run("housekeeping");
    expect(row.status).toBe("completed");
    expect(row.results).toMatchObject({ contactMessages: 0, activityEntries: 0, expiredVerifications: 0 });
  });
});

test("OpenSecrets: a run is recorded as skipped with the discontinuation", async () => {
  const row = await run("opensecrets_import");
  expect(row).toMatchObject({ status: "skipped", errorMessage: OPENSECRETS_DISCONTINUED });
  expect(OPENSECRETS_DISCONTINUED).toMatch(/discontinued on April 15, 2025/);
});

describe("data validation", () => {
  type Found = {
    processed: number;
    updated: number;
    governorsExcluded: number;
    duplicates: { reason: string; key: string; officialIds: number[] }[];
    consistencyIssues: { officialId: number; issues: string[] }[];
    missingCriticalFields: { officials: number; high: number; medium: number; low: number };
    qualityScore: { overall: number; byOfficial: Record<string, number> };
  };
  let copy: { id: number };
  let offDistrict: { id: number };
  let noPhone: { id: number };
  let governor: { id: number };

  beforeAll(async () => {
    // A second record of one representative: the same person, and one seat held twice.
    const rep = await db.official.findFirstOrThrow({
      where: { office: "Representative", district: { not: "AL" } },
      orderBy: { id: "asc" },
    });
    const { id: _id, createdAt: _c, updatedAt: _u, bioguideId: _b, fecIds: _f, ...fields } = rep;
    copy = await db.official.create({ data: fields as never });
    offDistrict = await db.official.update({
      where: { id: (await db.official.findFirstOrThrow({ where: { office: "Representative", state: { abbreviation: "CA" } } })).id },
      data: { district: "99", party: "Whig" },
    });
    noPhone = await db.official.update({
      where: { id: (await db.official.findFirstOrThrow({ where: { office: "Senator", phone: { not: null } } })).id },
      data: { phone: null },
    });
    governor = await db.official.update({
      where: { id: (await db.official.findFirstOrThrow({ where: { office: "Governor" } })).id },
      data: { phone: null, website: null, party: "Whig" },
    });
  });

  test("lists duplicates, consistency issues, missing fields and quality scores, leaving governors out", async () => {
    const row = await run("data_validation");
    expect(row.status).toBe("completed");
    const found = row.results as unknown as Found;
    const active = await db.official.count({ where: { isActive: true, office: { not: "Governor" } } });
    expect(found.processed).toBe(active);
    expect(found.governorsExcluded).toBe(await db.official.count({ where: { isActive: true, office: "Governor" } }));

    expect(found.duplicates).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ reason: "Same name, state and office", officialIds: [expect.any(Number), copy.id] }),
        expect.objectContaining({ reason: "Two representatives for one seat", officialIds: [expect.any(Number), copy.id] }),
      ]),
    );
    const issuesOf = (id: number) => found.consistencyIssues.find((i) => i.officialId === id)?.issues ?? [];
    expect(issuesOf(offDistrict.id)).toEqual([
      'Party "Whig" is not one of Democratic, Republican, Independent, Other',
      "District 99 is not one of CA's 52 districts",
    ]);
    expect(issuesOf(governor.id)).toEqual([]);
    expect(found.qualityScore.byOfficial[governor.id]).toBeUndefined();
    expect(found.qualityScore.byOfficial[offDistrict.id]).toBeLessThanOrEqual(80);
    expect(found.qualityScore.overall).toEqual(expect.any(Number));

    const flags = await db.missingDataFlag.findMany({ where: { jobExecutionId: row.id, resolvedAt: null } });
    expect(flags).toHaveLength(found.updated);
    expect(found.missingCriticalFields.officials).toBe(found.updated);
    const flag = flags.find((f) => f.officialId === noPhone.id);
    expect(flag).toMatchObject({ priority: "high" });
    expect(flag?.missingCriticalFields).toContain("phone");
    expect(flags.some((f) => f.officialId === governor.id)).toBe(false);
  });

  test("a second run replaces the first run's flags", async () => {
    const first = await db.jobExecution.findFirstOrThrow({
      where: { jobType: "data_validation", status: "completed" },
      orderBy: { id: "desc" },
    });
    const firstCount = await db.missingDataFlag.count({ where: { jobExecutionId: first.id } });
    await db.official.update({ where: { id: noPhone.id }, data: { phone: "202-555-0100" } });
    const second = await run("data_validation");
    expect(await db.missingDataFlag.count({ where: { jobExecutionId: first.id } })).toBe(0);
    const flags = await db.missingDataFlag.findMany({ where: { jobExecutionId: second.id } });
    expect(flags.length).toBeLessThanOrEqual(firstCount);
    expect(flags.find((f) => f.officialId === noPhone.id)?.missingCriticalFields ?? []).not.toContain("phone");
  });

  test("flags a current term whose end date has passed and a senator listed outside the state's seats", async () => {
    const state = (abbreviation: string) => db.state.findUniqueOrThrow({ where: { abbreviation }, select: { id: true } });
    const person = (name: string) => ({ name, firstName: name.split(" ")[0], lastName: name.split(" ")[1], party: "Independent" });
    // A representative whose current term ended yesterday and was never closed.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const expired = await db.official.create({
      data: {
        ...person("Expira Termwell"),
        office: "Representative",
        district: "AL",
        stateId: (await state("WY")).id,
        officeTerms: { create: { type: "rep", start: "2025-01-03", end: yesterday, state: "WY", district: 0, isCurrent: true } },
      },
    });
    // A senator for Puerto Rico, which has no Senate seats, and a third senator for Vermont, which has two.
    const territorial = await db.official.create({
      data: { ...person("Terra Senatora"), office: "Senator", stateId: (await state("PR")).id },
    });
    const third = await db.official.create({ data: { ...person("Tertia Senatora"), office: "Senator", stateId: (await state("VT")).id } });

    const found = (await run("data_validation")).results as unknown as Found;
    const issuesOf = (id: number) => found.consistencyIssues.find((i) => i.officialId === id)?.issues ?? [];
    expect(issuesOf(expired.id)).toEqual([`Current term ended on ${yesterday}`]);
    expect(issuesOf(territorial.id)).toEqual(["PR has no senators"]);
    expect(found.duplicates).toContainEqual(
      expect.objectContaining({
        reason: "More than two senators for one state",
        key: "VT",
        officialIds: expect.arrayContaining([third.id]),
      }),
    );
    expect(found.qualityScore.byOfficial[expired.id]).toBeLessThan(100);
  });
});
