// The dashboard's job parts on the real database: who gets the scheduled
// jobs in the loader data, who may start the chain (a forged POST is 403), the chain refused while
// its jobs wait (no runner here, so they stay pending), the execution modal's and page's lookups.
import { beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { durationText } from "~/components/execution-details";
import { CHAIN_ORDER, JOB_TEXTS, JOB_TYPES } from "~/jobs/definitions";
import * as dashboard from "~/routes/admin._index";
import * as executionPage from "~/routes/admin.job-execution.$id";
import { getToast } from "~/toast.server";
import { cookieFor } from "../support/route-calls";

type Answer = { status: number; body: Record<string, unknown>; location: string | null; setCookie: string | null };

/** Calls a page's loader or action as Remix would: it answers with plain data, data(), a Response, or throws one. */
async function call(handler: (args: never) => unknown, request: Request, params: Record<string, string> = {}): Promise<Answer> {
  let result: unknown;
  try {
    result = await handler({ request, params, context: { cspNonce: "", ipAddress: "127.0.0.1" } } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    const text = await result.text();
    return {
      status: result.status,
      body: text.startsWith("{") ? JSON.parse(text) : {},
      location: result.headers.get("Location"),
      setCookie: result.headers.get("Set-Cookie"),
    };
  }
  const answer = result as { type?: string; data: Record<string, unknown>; init?: { status?: number } | null };
  if (answer.type !== "DataWithResponseInit") return { status: 200, body: answer as never, location: null, setCookie: null };
  return { status: answer.init?.status ?? 200, body: answer.data, location: null, setCookie: null };
}

const URL_OF = (path: string) => `http://localhost${path}`;
const load = (cookie: string | undefined, path = "/admin") =>
  call(dashboard.loader, new Request(URL_OF(path), { headers: cookie ? { Cookie: cookie } : {} }));
const post = (cookie: string | undefined, fields: Record<string, string> = { intent: "run-chain" }, path = "/admin?index") =>
  call(
    dashboard.action,
    new Request(URL_OF(path), { method: "POST", headers: cookie ? { Cookie: cookie } : {}, body: new URLSearchParams(fields) }),
  );
const loadExecution = (cookie: string | undefined, id: string) =>
  call(executionPage.loader, new Request(URL_OF(`/admin/job-execution/${id}`), { headers: cookie ? { Cookie: cookie } : {} }), { id });
const toastOf = async (answer: Answer) =>
  (await getToast(new Request("http://localhost/", { headers: { Cookie: answer.setCookie!.split(";")[0] } }))).toast;

let cookies: Record<"patriot" | "moderator" | "admin" | "owner", string>;
beforeAll(async () => {
  cookies = {
    patriot: await cookieFor("patriot@civicatlas.test"),
    moderator: await cookieFor("moderator@civicatlas.test"),
    admin: await cookieFor("admin@civicatlas.test"),
    owner: await cookieFor("owner@civicatlas.test"),
  };
});

const busyRows = () => db.jobExecution.findMany({ where: { status: { in: ["pending", "running"] } }, select: { id: true } });

describe("the loader", () => {
  test("admins and the owner get every job in the chain's order with the zone; moderators get no job data at all", async () => {
    const done = await db.jobExecution.create({ data: { jobType: "housekeeping", status: "completed", trigger: "manual" } });
    for (const who of ["admin", "owner"] as const) {
      const answer = await load(cookies[who]);
      expect(answer.status).toBe(200);
      const scheduled = answer.body.scheduled as { jobs: { jobType: string }[]; timeZone: string; selection: unknown };
      expect(scheduled.jobs.map((j) => j.jobType)).toEqual([...JOB_TYPES]);
      expect(scheduled.timeZone).toBe("America/New_York");
      expect(scheduled.selection).toBeNull();
    }
    const moderator = await load(cookies.moderator, `/admin?execution=${done.id}`);
    expect(moderator.status).toBe(200);
    expect(moderator.body.scheduled).toBeNull();
    expect(JSON.stringify(moderator.body)).not.toContain("housekeeping");
  });

  test("?execution={id} selects an execution with its log; a missing or malformed one answers 404 with the page", async () => {
    const row = await db.jobExecution.create({
      data: { jobType: "data_validation", status: "completed", trigger: "manual", logs: "line one\nline two" },
    });
    const found = await load(cookies.admin, `/admin?execution=${row.id}`);
    expect(found.status).toBe(200);
    const selection = (found.body.scheduled as { selection: { execution: { id: number; logs: string } } }).selection;
    expect(selection.execution).toMatchObject({ id: row.id, jobName: "Data Validation Check", logs: "line one\nline two" });
    for (const bad of ["999999", "abc", "-1", "01"]) {
      const missing = await load(cookies.admin, `/admin?execution=${bad}`);
      expect(missing.status, bad).toBe(404);
      expect((missing.body.scheduled as { selection: { execution: unknown } }).selection.execution).toBeNull();
    }
  });

  test("signed-out visitors go to sign-in and Patriots home", async () => {
    expect((await load(undefined)).location).toBe("/sign-in?redirectTo=%2Fadmin");
    expect((await load(cookies.patriot)).location).toBe("/");
  });
});

describe("Run Full Chain", () => {
  test("a moderator's forged POST is 403 and queues nothing; Patriots and visitors are sent away", async () => {
    const before = await db.jobExecution.aggregate({ _max: { id: true } });
    for (const path of ["/admin?index", "/admin/dashboard"]) {
      const forged = await post(cookies.moderator, { intent: "run-chain" }, path);
      expect(forged.status).toBe(403);
      expect(forged.body.toast).toMatchObject({ title: "Failed to Start Automation Chain", variant: "destructive" });
    }
    expect((await post(cookies.patriot)).location).toBe("/");
    expect((await post(undefined)).location).toMatch(/^\/sign-in/);
    expect(await db.jobExecution.findFirst({ where: { id: { gt: before._max.id ?? 0 } } })).toBeNull();
  });

  test("an admin starts it: every job queued in the chain's order, redirect with the toast; a second start while they wait is refused (409)", async () => {
    expect(await busyRows()).toEqual([]);
    const admin = await db.user.findUniqueOrThrow({ where: { email: "admin@civicatlas.test" } });
    const started = await post(cookies.admin);
    expect(started).toMatchObject({ status: 302, location: "/admin" });
    expect(await toastOf(started)).toMatchObject({ ...JOB_TEXTS.chainStarted, variant: "default" });
    const chain = await db.jobExecution.findMany({ where: { triggeredById: admin.id, trigger: "chain" }, orderBy: { id: "asc" } });
    expect(chain.map((e) => e.jobType)).toEqual([...CHAIN_ORDER]);
    expect(chain.every((e) => ["pending", "skipped"].includes(e.status))).toBe(true);

    const again = await post(cookies.owner, { intent: "run-chain" }, "/admin/dashboard");
    expect(again.status).toBe(409);
    expect(again.body.toast).toMatchObject({ title: "Failed to Start Automation Chain", description: JOB_TEXTS.chainBlocked });
    expect(await db.jobExecution.findFirst({ where: { id: { gt: chain.at(-1)!.id } } })).toBeNull();

    // The loader shows the waiting jobs as Pending: a job is busy while its run waits.
    const scheduled = (await load(cookies.admin)).body.scheduled as { jobs: { jobType: string; currentStatus: string }[] };
    const pending = chain.filter((e) => e.status === "pending").map((e) => e.jobType);
    for (const job of scheduled.jobs.filter((j) => pending.includes(j.jobType))) expect(job.currentStatus).toBe("pending");
    await db.jobExecution.updateMany({ where: { id: { in: chain.map((e) => e.id) }, status: "pending" }, data: { status: "cancelled" } });
  });

  test("from /admin/dashboard the redirect stays there; an unknown intent is 400 and a body that is not a form 415", async () => {
    const started = await post(cookies.admin, { intent: "run-chain" }, "/admin/dashboard");
    expect(started).toMatchObject({ status: 302, location: "/admin/dashboard" });
    await db.jobExecution.updateMany({ where: { status: { in: ["pending", "running"] } }, data: { status: "cancelled" } });
    expect((await post(cookies.admin, { intent: "delete-everything" })).status).toBe(400);
    const json = await call(
      dashboard.action,
      new Request(URL_OF("/admin?index"), {
        method: "POST",
        headers: { Cookie: cookies.admin, "Content-Type": "application/json" },
        body: JSON.stringify({ intent: "run-chain" }),
      }),
    );
    expect(json.status).toBe(415);
    expect(await busyRows()).toEqual([]);
  });
});

describe("the execution page", () => {
  test("admins read it; moderators are sent to the dashboard; missing or malformed ids are 404", async () => {
    const row = await db.jobExecution.create({ data: { jobType: "opensecrets_import", status: "skipped", trigger: "chain" } });
    const page = await loadExecution(cookies.admin, String(row.id));
    expect(page.status).toBe(200);
    expect(page.body.execution).toMatchObject({ id: row.id, jobName: "OpenSecrets Integration (Discontinued)" });
    const moderator = await loadExecution(cookies.moderator, String(row.id));
    expect(moderator).toMatchObject({ status: 302, location: "/admin" });
    expect(await toastOf(moderator)).toMatchObject({ description: "You need admin privileges to access this page." });
    for (const bad of ["999999", "abc", "0"]) {
      const missing = await loadExecution(cookies.admin, bad);
      expect(missing.status, bad).toBe(404);
      expect(missing.body).toEqual({ message: JOB_TEXTS.executionNotFound });
    }
  });

  test("the duration is whole seconds, or In progress while not completed", () => {
    expect(durationText({ completedAt: null, durationSeconds: null })).toBe("In progress");
    expect(durationText({ completedAt: "2026-11-22T10:00:42Z", durationSeconds: 42 })).toBe("42 seconds");
    expect(durationText({ completedAt: "2026-11-22T10:00:01Z", durationSeconds: 1 })).toBe("1 second");
    expect(durationText({ completedAt: "2026-11-22T10:00:00Z", durationSeconds: null })).toBe("Not started");
  });
});
