// The loaders and actions of the job pages (/admin/integration/{type}, /admin/batch-jobs,
// /admin/contact-crawler) against a real database: who may open them (signed
// out → sign-in, Patriot and moderator → home with the admin-only toast), each action's own
// permission (the owner's switch refuses an admin with 403, nothing written), an unknown type
// (404), bad input (400), and the refusal of a job that cannot run yet (503, as the form's error).
import { describe, expect, test } from "vitest";
import { createSession } from "~/auth/session.server";
import { db } from "~/db.server";
import { JOB_TEXTS } from "~/jobs/definitions";

const integration = await import("~/routes/admin.integration.$type");
const batch = await import("~/routes/admin.batch-jobs");
const crawler = await import("~/routes/admin.contact-crawler");

type Role = "user" | "moderator" | "admin" | "owner";
let counter = 0;
async function account(role: Role) {
  const user = await db.user.create({ data: { email: `${role}-jobpages-${++counter}-${Date.now()}@example.org`, role } });
  return { id: user.id, cookie: (await createSession(user.id)).cookie.split(";")[0] };
}

type Answer = { status: number; location: string | null; body: Record<string, unknown> | null };

/** Calls a loader or action as Remix does; what it returns or throws is the answer. */
async function call(
  handler: (args: never) => unknown,
  path: string,
  { cookie, form, params = {} }: { cookie?: string; form?: Record<string, string>; params?: Record<string, string> } = {},
): Promise<Answer> {
  const request = new Request(`http://localhost${path}`, {
    method: form ? "POST" : "GET",
    headers: cookie ? { Cookie: cookie } : {},
    body: form ? new URLSearchParams(form) : undefined,
  });
  let result: unknown;
  try {
    result = await handler({ request, params, context: { cspNonce: "", ipAddress: "127.0.0.1" } } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response)
    return {
      status: result.status,
      location: result.headers.get("Location"),
      body: result.headers.get("Content-Type")?.includes("json") ? ((await result.json()) as Record<string, unknown>) : null,
    };
  const withInit = result as { init?: { status?: number }; data?: Record<string, unknown> };
  if (withInit?.init) return { status: withInit.init.status ?? 200, location: null, body: withInit.data ?? null };
  return { status: 200, location: null, body: result as Record<string, unknown> };
}

const PAGES: { name: string; module: typeof integration | typeof batch | typeof crawler; path: string; params: Record<string, string> }[] =
  [
    { name: "integration", module: integration, path: "/admin/integration/data_validation", params: { type: "data_validation" } },
    { name: "batch", module: batch, path: "/admin/batch-jobs", params: {} },
    { name: "crawler", module: crawler, path: "/admin/contact-crawler", params: {} },
  ];

describe.each(PAGES)("the $name page", ({ module, path, params }) => {
  test("signed out: the loader and the action send to sign-in", async () => {
    for (const answer of [
      await call(module.loader, path, { params }),
      await call(module.action, path, { params, form: { intent: "run" } }),
    ]) {
      expect(answer.status).toBe(302);
      expect(answer.location).toMatch(/^\/sign-in/);
    }
  });

  test.each(["user", "moderator"] as const)("a %s is sent home by the loader and the action, and nothing runs", async (role) => {
    const { id, cookie } = await account(role);
    for (const answer of [
      await call(module.loader, path, { params, cookie }),
      await call(module.action, path, { params, cookie, form: { intent: "run" } }),
    ]) {
      expect(answer.status).toBe(302);
      expect(answer.location).toBe("/");
    }
    expect(await db.jobExecution.count({ where: { triggeredById: id } })).toBe(0);
  });

  test("an admin opens it", async () => {
    const { cookie } = await account("admin");
    expect((await call(module.loader, path, { params, cookie })).status).toBe(200);
  });

  test("an unknown action is a 400", async () => {
    const { cookie } = await account("admin");
    expect((await call(module.action, path, { params, cookie, form: { intent: "explode" } })).status).toBe(400);
  });
});

describe("the integration page", () => {
  const path = "/admin/integration/data_validation";
  const params = { type: "data_validation" };

  test("an unknown type is a 404 with the spec's text", async () => {
    const { cookie } = await account("admin");
    const answer = await call(integration.loader, "/admin/integration/nope", { params: { type: "nope" }, cookie });
    expect(answer.status).toBe(404);
    expect(answer.body?.message).toBe(JOB_TEXTS.notFound);
  });

  test("the switch is the owner's: an admin gets 403 and nothing changes; the owner switches it", async () => {
    const admin = await account("admin");
    const refused = await call(integration.action, path, { params, cookie: admin.cookie, form: { intent: "toggle", enabled: "false" } });
    expect(refused.status).toBe(403);
    expect(await db.jobSetting.findUnique({ where: { jobType: "data_validation" } })).toBeNull();

    const owner = await account("owner");
    const done = await call(integration.action, path, { params, cookie: owner.cookie, form: { intent: "toggle", enabled: "false" } });
    expect(done.status).toBe(302);
    expect((await db.jobSetting.findUniqueOrThrow({ where: { jobType: "data_validation" } })).enabled).toBe(false);
    const bad = await call(integration.action, path, { params, cookie: owner.cookie, form: { intent: "toggle", enabled: "maybe" } });
    expect(bad.status).toBe(400);
    await call(integration.action, path, { params, cookie: owner.cookie, form: { intent: "toggle", enabled: "true" } });
    expect((await db.jobSetting.findUniqueOrThrow({ where: { jobType: "data_validation" } })).enabled).toBe(true);
  });

  test("the disable confirmation opens for the owner only", async () => {
    const admin = await account("admin");
    const owner = await account("owner");
    expect((await call(integration.loader, `${path}?disable=1`, { params, cookie: admin.cookie })).body?.dialog).toBeNull();
    expect((await call(integration.loader, `${path}?disable=1`, { params, cookie: owner.cookie })).body?.dialog).toBe("disable");
  });

  test("the crawler's fields: none is refused with the spec's title; other jobs have no configuration", async () => {
    const { cookie } = await account("admin");
    const crawl = { type: "contact_crawl" };
    const none = await call(integration.action, "/admin/integration/contact_crawl", {
      params: crawl,
      cookie,
      form: { intent: "configure" },
    });
    expect(none.status).toBe(400);
    expect(none.body?.toast).toMatchObject({ title: JOB_TEXTS.noFieldsTitle, description: JOB_TEXTS.noFields });
    const unknown = await call(integration.action, "/admin/integration/contact_crawl", {
      params: crawl,
      cookie,
      form: { intent: "configure", fields: "passwordHash" },
    });
    expect(unknown.status).toBe(400);
    const elsewhere = await call(integration.action, path, { params, cookie, form: { intent: "configure", fields: "email" } });
    expect(elsewhere.status).toBe(400);
    const saved = await call(integration.action, "/admin/integration/contact_crawl", {
      params: crawl,
      cookie,
      form: { intent: "configure", fields: "phone" },
    });
    expect(saved.status).toBe(302);
  });

  test("a busy job answers 409 and queues nothing", async () => {
    const { cookie, id } = await account("admin");
    const busy = await db.jobExecution.create({ data: { jobType: "data_validation", status: "running", startedAt: new Date() } });
    const answer = await call(integration.action, path, { params, cookie, form: { intent: "run" } });
    expect(answer.status).toBe(409);
    expect(answer.body?.message).toBe(JOB_TEXTS.alreadyRunning);
    expect(await db.jobExecution.count({ where: { triggeredById: id } })).toBe(0);
    await db.jobExecution.update({ where: { id: busy.id }, data: { status: "cancelled", completedAt: new Date() } });
  });

  test("cancel and review name a run of this job; the review marks it", async () => {
    const { cookie } = await account("admin");
    const other = await db.jobExecution.create({ data: { jobType: "housekeeping", status: "running", startedAt: new Date() } });
    const elsewhere = await call(integration.action, path, { params, cookie, form: { intent: "cancel", id: String(other.id) } });
    expect(elsewhere.status).toBe(404);
    expect((await db.jobExecution.findUniqueOrThrow({ where: { id: other.id } })).status).toBe("running");
    await db.jobExecution.update({ where: { id: other.id }, data: { status: "cancelled", completedAt: new Date() } });

    const failed = await db.jobExecution.create({
      data: { jobType: "data_validation", status: "failed", errorMessage: "boom", startedAt: new Date(), completedAt: new Date() },
    });
    expect((await call(integration.action, path, { params, cookie, form: { intent: "review", id: "x1" } })).status).toBe(400);
    const viewed = await call(integration.action, path, { params, cookie, form: { intent: "view", id: String(failed.id) } });
    expect([viewed.status, viewed.location]).toEqual([302, `${path}?error=${failed.id}`]);
    expect((await db.jobExecution.findUniqueOrThrow({ where: { id: failed.id } })).errorViewedAt).not.toBeNull();
    const reviewed = await call(integration.action, path, { params, cookie, form: { intent: "review", id: String(failed.id) } });
    expect(reviewed.status).toBe(302);
    expect((await db.jobExecution.findUniqueOrThrow({ where: { id: failed.id } })).errorReviewed).toBe(true);
    const again = await call(integration.action, path, { params, cookie, form: { intent: "cancel", id: String(failed.id) } });
    expect(again.status).toBe(409);
  });

  test("the loader never writes: opening Error Details by URL records no view", async () => {
    const { cookie } = await account("admin");
    const failed = await db.jobExecution.create({
      data: { jobType: "data_validation", status: "failed", errorMessage: "boom", startedAt: new Date(), completedAt: new Date() },
    });
    const answer = await call(integration.loader, `${path}?error=${failed.id}`, { params, cookie });
    expect(answer.body?.dialog).toBe("error");
    expect((await db.jobExecution.findUniqueOrThrow({ where: { id: failed.id } })).errorViewedAt).toBeNull();
    expect((await call(integration.loader, `${path}?error=99999999`, { params, cookie })).status).toBe(404);
  });
});
