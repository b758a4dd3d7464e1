// The JSON calls for jobs: who may make each one (401 signed out, 403 by
// role), unknown types and executions (404), bad bodies (400), and what each answers.
import { beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { JOB_DEFINITIONS, JOB_TEXTS, JOB_TYPES } from "~/jobs/definitions";
import { queueRun } from "~/models/jobs.server";
import { answer, callRoute, cookieFor } from "../support/route-calls";

type Who = "signed out" | "user" | "moderator" | "admin" | "owner";
const EVERYONE: Who[] = ["signed out", "user", "moderator", "admin", "owner"];
const ADMINS: Who[] = ["admin", "owner"];
const OWNER: Who[] = ["owner"];
const NONE = "999999";
type Module = Record<string, unknown>;

const cookies: Partial<Record<Who, string>> = {};
beforeAll(async () => {
  cookies.user = await cookieFor("patriot@civicatlas.test");
  cookies.moderator = await cookieFor("moderator@civicatlas.test");
  cookies.admin = await cookieFor("admin@civicatlas.test");
  cookies.owner = await cookieFor("owner@civicatlas.test");
});

const routes = {
  batchStatus: () => import("~/routes/api.admin.batch-status"),
  batchHistory: () => import("~/routes/api.admin.batch-history"),
  triggerImport: () => import("~/routes/api.admin.trigger-import"),
  crawlerStatus: () => import("~/routes/api.admin.crawler-status"),
  crawlerHistory: () => import("~/routes/api.admin.crawler-history"),
  crawlContacts: () => import("~/routes/api.admin.crawl-contacts"),
  history: () => import("~/routes/api.admin.integration.$type.history"),
  status: () => import("~/routes/api.admin.integration.$type.status"),
  current: () => import("~/routes/api.admin.integration.$type.current"),
  run: () => import("~/routes/api.admin.integration.$type.run"),
  toggle: () => import("~/routes/api.admin.integration.$type.toggle"),
  config: () => import("~/routes/api.admin.integration.contact_crawl.config"),
  reviewError: () => import("~/routes/api.admin.integration.job.$jobId.review-error"),
  cancel: () => import("~/routes/api.admin.integration.job.$jobId.cancel"),
  scheduledJobs: () => import("~/routes/api.admin.scheduled-jobs"),
  chain: () => import("~/routes/api.admin.run-automation-chain"),
  execution: () => import("~/routes/api.admin.job-execution.$id"),
};

async function call(
  route: () => Promise<Module>,
  {
    method = "GET",
    params = {},
    body,
    who = "admin",
  }: { method?: string; params?: Record<string, string>; body?: unknown; who?: Who } = {},
) {
  const module = await route();
  const handler = (method === "GET" ? module.loader : module.action) as (a: never) => unknown;
  return callRoute(handler, "/x", { method, params, body, cookie: cookies[who as Exclude<Who, "signed out">] });
}

type Case = { call: string; route: () => Promise<Module>; params?: Record<string, string>; body?: unknown; allowed: Who[]; status: number };

// Writes an allowed caller makes here change nothing: jobs not built yet (503), a bad body (400),
// a missing execution (404), or a run or the chain refused because a job is queued (409, set up below).
const CASES: Case[] = [
  { call: "GET /api/admin/batch-status", route: routes.batchStatus, allowed: ADMINS, status: 200 },
  { call: "GET /api/admin/batch-history", route: routes.batchHistory, allowed: ADMINS, status: 200 },
  { call: "POST /api/admin/trigger-import", route: routes.triggerImport, allowed: ADMINS, status: 409 },
  { call: "GET /api/admin/crawler-status", route: routes.crawlerStatus, allowed: ADMINS, status: 200 },
  { call: "GET /api/admin/crawler-history", route: routes.crawlerHistory, allowed: ADMINS, status: 200 },
  { call: "POST /api/admin/crawl-contacts", route: routes.crawlContacts, allowed: ADMINS, status: 409 },
  {
    call: "GET /api/admin/integration/{type}/history",
    route: routes.history,
    params: { type: "data_validation" },
    allowed: ADMINS,
    status: 200,
  },
  {
    call: "GET /api/admin/integration/{type}/status",
    route: routes.status,
    params: { type: "data_validation" },
    allowed: ADMINS,
    status: 200,
  },
  {
    call: "GET /api/admin/integration/{type}/current",
    route: routes.current,
    params: { type: "data_validation" },
    allowed: ADMINS,
    status: 200,
  },
  {
    call: "POST /api/admin/integration/{type}/run",
    route: routes.run,
    params: { type: "ballotpedia_import" },
    allowed: ADMINS,
    status: 409,
  },
  {
    call: "POST /api/admin/integration/{type}/toggle",
    route: routes.toggle,
    params: { type: "data_validation" },
    body: { enabled: true },
    allowed: OWNER,
    status: 200,
  },
  { call: "GET /api/admin/integration/contact_crawl/config", route: routes.config, allowed: ADMINS, status: 200 },
  { call: "POST /api/admin/integration/contact_crawl/config", route: routes.config, body: { fields: [] }, allowed: ADMINS, status: 400 },
  {
    call: "POST /api/admin/integration/job/{jobId}/review-error",
    route: routes.reviewError,
    params: { jobId: NONE },
    body: { viewed: true },
    allowed: ADMINS,
    status: 404,
  },
  { call: "POST /api/admin/integration/job/{jobId}/cancel", route: routes.cancel, params: { jobId: NONE }, allowed: ADMINS, status: 404 },
  { call: "GET /api/admin/scheduled-jobs", route: routes.scheduledJobs, allowed: ADMINS, status: 200 },
  { call: "POST /api/admin/run-automation-chain", route: routes.chain, allowed: ADMINS, status: 409 },
  { call: "GET /api/admin/job-execution/{id}", route: routes.execution, params: { id: NONE }, allowed: ADMINS, status: 404 },
];

describe("who may call", () => {
  beforeAll(async () => {
    await queueRun(db, "housekeeping", { trigger: "manual" }); // keeps the chain refused; no runner here
    await queueRun(db, "congress_import", { trigger: "manual" }); // and the batch import
    await queueRun(db, "contact_crawl", { trigger: "manual" }); // and these two jobs' runs
    await queueRun(db, "ballotpedia_import", { trigger: "manual" });
  });
  describe.each(CASES)("$call", ({ call: name, route, params, body, allowed, status }) => {
    test.each(EVERYONE)("%s", async (who) => {
      const response = await call(route, { method: name.split(" ")[0], params, body, who });
      const expected = allowed.includes(who) ? status : who === "signed out" ? 401 : 403;
      expect(response.status).toBe(expected);
      if (expected >= 400) expect((await response.json()).message).toEqual(expect.any(String));
      else expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    });
  });
});

describe("unknown types and executions: 404", () => {
  test.each([
    ["history", routes.history, "GET"],
    ["status", routes.status, "GET"],
    ["current", routes.current, "GET"],
    ["run", routes.run, "POST"],
    ["toggle", routes.toggle, "POST"],
  ] as const)("%s of an unknown type", async (_name, route, method) => {
    for (const type of ["not_a_job", "job", "CONGRESS_IMPORT", "__proto__"]) {
      const who = route === routes.toggle ? "owner" : "admin";
      expect(await answer(call(route, { method, params: { type }, body: method === "POST" ? { enabled: true } : undefined, who }))).toEqual(
        {
          status: 404,
          body: { message: "Integration type not found" },
        },
      );
    }
  });

  test.each(["0", "-1", "1.5", "abc", "0x10", NONE])("execution id %s", async (jobId) => {
    for (const route of [routes.cancel, routes.reviewError])
      expect((await call(route, { method: "POST", params: { jobId }, body: { viewed: true } })).status).toBe(404);
    expect((await call(routes.execution, { params: { id: jobId } })).status).toBe(404);
  });
});

describe("bad bodies: 400 with a message, never 500", () => {
  const cases: [string, () => Promise<Module>, Record<string, string>, unknown, Who][] = [
    ["toggle: not JSON", routes.toggle, { type: "housekeeping" }, "{", "owner"],
    ["toggle: no enabled", routes.toggle, { type: "housekeeping" }, {}, "owner"],
    ["toggle: enabled as text", routes.toggle, { type: "housekeeping" }, { enabled: "false" }, "owner"],
    ["toggle: an array", routes.toggle, { type: "housekeeping" }, [true], "owner"],
    ["config: not JSON", routes.config, {}, "nope", "admin"],
    ["config: unknown field", routes.config, {}, { fields: ["email", "password"] }, "admin"],
    ["config: fields not a list", routes.config, {}, { fields: "email" }, "admin"],
    ["config: null", routes.config, {}, null, "admin"],
    ["review-error: no viewed", routes.reviewError, { jobId: "1" }, {}, "admin"],
    ["review-error: not JSON", routes.reviewError, { jobId: "1" }, "{viewed:", "admin"],
  ];
  test.each(cases)("%s", async (_name, route, params, body, who) => {
    const { status, body: answered } = await answer(call(route, { method: "POST", params, body, who }));
    expect(status).toBe(400);
    expect(answered.message).toEqual(expect.any(String));
  });

  test("an empty field list is refused with the dialog's words", async () => {
    for (const body of [{ fields: [] }, {}]) {
      expect(await answer(call(routes.config, { method: "POST", body }))).toEqual({
        status: 400,
        body: { title: "No Fields Selected", message: "Please select at least one field to check for missing data.", field: "fields" },
      });
    }
  });
});

describe("what the calls do", () => {
  test("run: 201 with the created job, then 409 while it waits; cancel; history and status show it", async () => {
    await db.jobExecution.updateMany({ where: { status: { in: ["pending", "running"] } }, data: { status: "cancelled" } });
    const first = await answer(call(routes.run, { method: "POST", params: { type: "data_validation" } }));
    expect(first).toMatchObject({
      status: 201,
      body: {
        message: "Data Validation Check has been triggered manually.",
        jobType: "data_validation",
        jobName: "Data Validation Check",
        status: "pending",
      },
    });
    expect(await answer(call(routes.run, { method: "POST", params: { type: "data_validation" } }))).toEqual({
      status: 409,
      body: { message: "A job is already running" },
    });
    const current = await answer(call(routes.current, { params: { type: "data_validation" } }));
    expect(current.body.execution).toMatchObject({ id: first.body.id, status: "pending" });
    const status = await answer(call(routes.status, { params: { type: "data_validation" } }));
    expect(status.body).toMatchObject({
      currentStatus: "pending",
      enabled: true,
      title: "Data Validation Check",
      scheduleText: "Daily at 3:00 AM",
    });
    expect(new Date(status.body.nextRun).getTime()).toBeGreaterThan(Date.now());

    const cancelled = await answer(call(routes.cancel, { method: "POST", params: { jobId: String(first.body.id) } }));
    expect(cancelled).toMatchObject({ status: 200, body: { message: "Execution Cancelled", execution: { status: "cancelled" } } });
    expect((await call(routes.cancel, { method: "POST", params: { jobId: String(first.body.id) } })).status).toBe(409);
    const history = await answer(call(routes.history, { params: { type: "data_validation" } }));
    expect(history.body.executions[0]).toMatchObject({ id: first.body.id, status: "cancelled", jobName: "Data Validation Check" });
  });

  test("history lists the last 10 runs, newest first", async () => {
    for (let i = 0; i < 12; i++)
      await db.jobExecution.create({ data: { jobType: "govtrack_import", status: "completed", results: { processed: i, updated: 0 } } });
    const { body } = await answer(call(routes.history, { params: { type: "govtrack_import" } }));
    expect(body.executions).toHaveLength(10);
    expect(body.executions.map((e: { results: { processed: number } }) => e.results.processed)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  });

  test("toggle: the owner disables and enables; status and scheduled jobs show it", async () => {
    expect(
      await answer(call(routes.toggle, { method: "POST", params: { type: "govtrack_import" }, body: { enabled: false }, who: "owner" })),
    ).toMatchObject({
      status: 200,
      body: { message: "Job Disabled", enabled: false },
    });
    const status = await answer(call(routes.status, { params: { type: "govtrack_import" } }));
    expect(status.body).toMatchObject({ enabled: false, currentStatus: "disabled", nextRun: null });
    const jobs = (await answer(call(routes.scheduledJobs))).body as { name: string; enabled: boolean }[];
    expect(jobs.map((j) => j.name)).toEqual([...JOB_TYPES]);
    expect(jobs.find((j) => j.name === "govtrack_import")?.enabled).toBe(false);
    await call(routes.toggle, { method: "POST", params: { type: "govtrack_import" }, body: { enabled: true }, who: "owner" });
    expect((await answer(call(routes.status, { params: { type: "govtrack_import" } }))).body.enabled).toBe(true);
  });

  test("review-error: viewed, then reviewed; the error count follows; a run without an error is refused", async () => {
    const failed = await db.jobExecution.create({
      data: { jobType: "ballotpedia_import", status: "failed", errorMessage: "robots.txt refused" },
    });
    const count = async () =>
      (
        (await answer(call(routes.scheduledJobs))).body as {
          name: string;
          unreviewedErrorCount: number;
          hasUnreviewedErrors: boolean;
          currentStatus: string;
        }[]
      ).find((j) => j.name === "ballotpedia_import")!;
    expect(await count()).toMatchObject({ unreviewedErrorCount: 1, hasUnreviewedErrors: true });
    const viewed = await answer(call(routes.reviewError, { method: "POST", params: { jobId: String(failed.id) }, body: { viewed: true } }));
    expect(viewed).toMatchObject({ status: 200, body: { message: "Error Viewed", execution: { errorReviewed: false } } });
    expect(viewed.body.execution.errorViewedAt).toEqual(expect.any(String));
    const reviewed = await answer(
      call(routes.reviewError, { method: "POST", params: { jobId: String(failed.id) }, body: { viewed: false } }),
    );
    expect(reviewed).toMatchObject({ status: 200, body: { message: "Error Reviewed", execution: { errorReviewed: true } } });
    expect(await count()).toMatchObject({ unreviewedErrorCount: 0, hasUnreviewedErrors: false });

    // A run completed with errors (some items failed) has an error to review too.
    const withErrors = await db.jobExecution.create({
      data: {
        jobType: "ballotpedia_import",
        status: "completed_with_errors",
        errorMessage: "587 of 587 Ballotpedia lookups failed; first: …",
      },
    });
    expect(await count()).toMatchObject({ unreviewedErrorCount: 1, currentStatus: "completed_with_errors" });
    expect(
      await answer(call(routes.reviewError, { method: "POST", params: { jobId: String(withErrors.id) }, body: { viewed: false } })),
    ).toMatchObject({
      status: 200,
      body: { message: "Error Reviewed", execution: { status: "completed_with_errors", errorReviewed: true } },
    });
    expect(await count()).toMatchObject({ unreviewedErrorCount: 0 });

    const completed = await db.jobExecution.create({ data: { jobType: "ballotpedia_import", status: "completed" } });
    expect(
      await answer(call(routes.reviewError, { method: "POST", params: { jobId: String(completed.id) }, body: { viewed: true } })),
    ).toEqual({
      status: 409,
      body: { message: JOB_TEXTS.noErrorToReview },
    });
    const detail = await answer(call(routes.execution, { params: { id: String(failed.id) } }));
    expect(detail.body).toMatchObject({
      id: failed.id,
      jobName: JOB_DEFINITIONS.ballotpedia_import.title,
      errorMessage: "robots.txt refused",
      logs: null,
    });
  });

  test("crawler configuration: saving clears every earlier flag and creates a new set", async () => {
    const someone = await db.official.findFirstOrThrow({ where: { isActive: true } });
    const earlier = await db.missingDataFlag.create({
      data: { officialId: someone.id, priority: "low", missingCriticalFields: ["biography"] },
    });
    const saved = await answer(call(routes.config, { method: "POST", body: { fields: ["phone", "website", "phone"] } }));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      title: "Configuration Saved",
      description: "Missing data fields have been updated. Previous flagged data has been cleared.",
      fields_to_check: ["phone", "website"],
    });
    expect(await db.missingDataFlag.findUnique({ where: { id: earlier.id } })).toBeNull();
    const missing = await db.official.count({ where: { isActive: true, OR: [{ phone: null }, { website: null }] } });
    expect(saved.body.flagged).toBe(missing);
    expect(await db.missingDataFlag.count({ where: { resolvedAt: null } })).toBe(missing);
    const noPhone = await db.official.findFirst({ where: { isActive: true, phone: null } });
    if (noPhone) {
      const flag = await db.missingDataFlag.findFirstOrThrow({ where: { officialId: noPhone.id } });
      expect(flag).toMatchObject({ priority: "high" });
      expect(flag.missingCriticalFields).toContain("phone");
    }
    const read = await answer(call(routes.config));
    expect(read.body.fields_to_check).toEqual(["phone", "website"]);
    expect(read.body.updated_at).toEqual(expect.any(String));
  });

  test("batch and crawler status have the spec's fields", async () => {
    expect(Object.keys((await answer(call(routes.batchStatus))).body).sort()).toEqual(
      ["lastDuration", "lastRun", "nextRun", "progress", "recordsImported", "startedAt", "status"].sort(),
    );
    expect(Object.keys((await answer(call(routes.crawlerStatus))).body).sort()).toEqual(
      ["completedJobs", "currentRepresentative", "isRunning", "lastRunAt", "nextRunAt", "successRate", "totalCrawlerJobs"].sort(),
    );
  });
});
