// The /admin/leads page through its loader and action, against this file's own
// SQLite copy and a real SMTP server on 127.0.0.1: who may see and change leads, the refusals of
// bad input (4xx with a message, never 500), the four stats counting exactly the leads added here,
// and the load failure message when the database cannot answer.
import { afterAll, describe, expect, test, vi } from "vitest";
import Database from "better-sqlite3";
import { DATABASE_BUSY_MESSAGE } from "~/lib/database-busy";
import { startSmtpSink } from "../support/smtp-sink";

const sink = await startSmtpSink();
process.env.SMTP_URL = sink.url; // before the app's modules read the configuration
const { db } = await import("~/db.server");
const { createSession } = await import("~/auth/session.server");
const { getToast } = await import("~/toast.server");
const { LEAD_TEXTS } = await import("~/lib/leads");
const page = await import("~/routes/admin.leads");

afterAll(() => sink.close());

let counter = 0;
const unique = (what: string) => `${what}-${++counter}-${Date.now()}@example.org`;

async function account(role: "user" | "moderator" | "admin" | "owner") {
  const user = await db.user.create({ data: { email: unique(role), role } });
  const { cookie } = await createSession(user.id);
  return { ...user, cookie: cookie.split(";")[0] };
}
const newLead = (data: Record<string, unknown> = {}) =>
  db.lead.create({ data: { email: unique("lead"), firstName: "Fannie", lastName: "Hamer", ...data } });

type Answer = { status: number; body: Record<string, unknown>; headers: Headers };
/** A loader's or action's answer as Remix would send it: a Response (returned or thrown) or data() with its status. */
async function run(handler: (args: never) => unknown, request: Request): Promise<Answer> {
  let result: unknown;
  try {
    result = await handler({ request, params: {}, context: { cspNonce: "", ipAddress: "127.0.0.1" } } as never);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) {
    const text = await result.text();
    return { status: result.status, body: text ? JSON.parse(text) : {}, headers: result.headers };
  }
  const { data, init } = result as { data: Record<string, unknown>; init?: ResponseInit };
  return { status: init?.status ?? 200, body: data, headers: new Headers(init?.headers) };
}

const get = (query = "", cookie?: string) =>
  run(page.loader, new Request(`http://localhost/admin/leads${query}`, { headers: cookie ? { Cookie: cookie } : {} }));
const post = (fields: Record<string, string>, cookie?: string) =>
  run(
    page.action,
    new Request("http://localhost/admin/leads", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(fields).toString(),
    }),
  );
const toastOf = async (answer: Answer) =>
  (await getToast(new Request("http://localhost/", { headers: { Cookie: answer.headers.get("Set-Cookie")!.split(";")[0] } }))).toast;

describe("who may open the page", () => {
  test("signed out: the log-in message, no lead data", async () => {
    const answer = await get();
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ access: "signed-out", signIn: "/sign-in?redirectTo=%2Fadmin%2Fleads" });
  });

  test("a moderator is refused inline with their role, and no lead data is loaded", async () => {
    const moderator = await account("moderator");
    const answer = await get("?edit=1", moderator.cookie);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ access: "denied", role: "moderator" });
  });

  test("a patriot is sent home with the lead-management toast", async () => {
    const patriot = await account("user");
    const answer = await get("", patriot.cookie);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/");
    expect(await toastOf(answer)).toMatchObject({ description: LEAD_TEXTS.accessToast, variant: "destructive" });
  });

  test("an admin and the owner see the leads", async () => {
    const lead = await newLead();
    for (const role of ["admin", "owner"] as const) {
      const answer = await get(`?search=${encodeURIComponent(lead.email)}`, (await account(role)).cookie);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ access: "granted", leads: [{ id: lead.id, email: lead.email }] });
    }
  });
});

describe("the page's data for an admin", () => {
  test("the four stats count exactly the leads added (Total, Converted, Active, This Month)", async () => {
    const admin = await account("admin");
    const stats = async () => (await get("", admin.cookie)).body.stats as Record<string, number>;
    const before = await stats();
    const now = new Date();
    const monthStart = new Date(now.getFullYear(), now.getMonth(), 1); // the server's calendar month
    await newLead({ status: "active", createdAt: monthStart });
    await newLead({ status: "converted", createdAt: now });
    await newLead({ status: "unsubscribed", createdAt: new Date(monthStart.getTime() - 1) });
    await newLead({ status: "active", createdAt: new Date(monthStart.getTime() - 40 * 86_400_000) });
    expect(await stats()).toEqual({
      total: before.total + 4,
      converted: before.converted + 1,
      active: before.active + 2,
      thisMonth: before.thisMonth + 2,
    });
  });

  test("search by name or email, and the status filter", async () => {
    const admin = await account("admin");
    const lead = await newLead({ firstName: "Septima", lastName: "Clarkfield", status: "unsubscribed" });
    const emails = async (query: string) => ((await get(query, admin.cookie)).body.leads as { email: string }[]).map((l) => l.email);
    expect(await emails("?search=Clarkfield")).toEqual([lead.email]);
    expect(await emails(`?search=${encodeURIComponent(lead.email)}`)).toEqual([lead.email]);
    expect(await emails("?search=Clarkfield&status=active")).toEqual([]);
    expect(await emails("?search=Clarkfield&status=unsubscribed")).toEqual([lead.email]);
  });

  test("bad query strings: an over-long search is a 400, a dialog naming no lead a 404 with the list kept", async () => {
    const admin = await account("admin");
    expect(await get(`?search=${"x".repeat(101)}`, admin.cookie)).toMatchObject({
      status: 400,
      body: { message: "The search is at most 100 characters." },
    });
    for (const query of ["?edit=999999", "?delete=abc", "?edit=0580"]) {
      const answer = await get(query, admin.cookie);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ access: "granted", missing: true, editing: null, deleting: null });
    }
    const lead = await newLead();
    expect((await get(`?edit=${lead.id}`, admin.cookie)).body).toMatchObject({ editing: { id: lead.id }, missing: false });
  });

  test("a database that cannot answer shows the spec's load failure, not a 500", async () => {
    const admin = await account("admin");
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await db.$executeRawUnsafe('ALTER TABLE "Lead" RENAME TO "LeadAway"');
    try {
      const answer = await get("", admin.cookie);
      expect(answer).toMatchObject({ status: 503, body: { access: "failed" } });
      expect(logged).toHaveBeenCalledWith("Loading leads failed", expect.anything());
    } finally {
      await db.$executeRawUnsafe('ALTER TABLE "LeadAway" RENAME TO "Lead"');
      logged.mockRestore();
    }
    expect((await get("", admin.cookie)).status).toBe(200);
  });
});

describe("the page's action refuses what it must", () => {
  test("signed out 401, a patriot or a moderator 403; the lead stays", async () => {
    const lead = await newLead();
    expect((await post({ intent: "delete", id: String(lead.id) })).status).toBe(401);
    for (const role of ["user", "moderator"] as const) {
      const { cookie } = await account(role);
      for (const intent of ["delete", "convert", "update"]) {
        const answer = await post(
          { intent, id: String(lead.id), email: "taken-over@example.org", status: "active", source: "event" },
          cookie,
        );
        expect(answer.status).toBe(403);
        expect(answer.body.message).toEqual(expect.any(String));
      }
    }
    expect(await db.lead.findUnique({ where: { id: lead.id } })).toMatchObject({ email: lead.email, status: "active" });
  });

  test("an unknown intent 400, a malformed id 400, an unknown lead 404, each with a message", async () => {
    const { cookie } = await account("admin");
    const lead = await newLead();
    expect(await post({ intent: "archive", id: String(lead.id) }, cookie)).toMatchObject({
      status: 400,
      body: { message: "Unknown action." },
    });
    expect((await post({ id: String(lead.id) }, cookie)).status).toBe(400);
    for (const intent of ["update", "convert", "delete"]) {
      for (const id of ["abc", "0580", "-1", "1.5", "99999999999", ""])
        expect(await post({ intent, id, email: "x@example.org", status: "active", source: "event" }, cookie)).toMatchObject({
          status: 400,
          body: { title: "Error", message: "The id must be a positive whole number." },
        });
      expect(await post({ intent, id: "999999", email: unique("nobody"), status: "active", source: "event" }, cookie)).toMatchObject({
        status: 404,
        body: { title: "Error", message: LEAD_TEXTS.notFound },
      });
    }
    expect(await db.lead.findUnique({ where: { id: lead.id } })).toMatchObject({ status: "active" });
  });

  test("a database locked by another writer past the wait: 503 with the busy message, the lead kept", async () => {
    const { cookie } = await account("admin");
    const lead = await newLead();
    const other = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""));
    try {
      other.exec("BEGIN IMMEDIATE");
      expect(await post({ intent: "delete", id: String(lead.id) }, cookie)).toMatchObject({
        status: 503,
        body: { title: "Error", message: DATABASE_BUSY_MESSAGE },
      });
    } finally {
      if (other.inTransaction) other.exec("ROLLBACK");
      other.close();
    }
    expect(await db.lead.findUnique({ where: { id: lead.id } })).not.toBeNull();
  });

  test("a JSON body is a 415 with a message", async () => {
    const { cookie } = await account("admin");
    const answer = await run(
      page.action,
      new Request("http://localhost/admin/leads", {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: cookie },
        body: JSON.stringify({ intent: "delete", id: 1 }),
      }),
    );
    expect(answer.status).toBe(415);
  });
});

describe("the page's changes", () => {
  test("edit: the whole form is written (an emptied field is cleared); a taken email is a 400 on the field that keeps what was typed", async () => {
    const { cookie } = await account("admin");
    const lead = await newLead({ phone: "555-0100", city: "Ruleville" });
    const other = await newLead();
    const form = {
      intent: "update",
      id: String(lead.id),
      email: lead.email,
      firstName: "Fannie Lou",
      lastName: "Hamer",
      phone: "",
      city: "Ruleville",
      state: "MS",
      zipCode: "38771",
      occupation: "Organizer",
      address: "",
      politicalAffiliation: "Democratic",
      status: "unsubscribed",
      source: "event",
    };
    const saved = await post(form, cookie);
    expect(saved.status).toBe(302);
    expect(await toastOf(saved)).toMatchObject({ title: LEAD_TEXTS.updated });
    expect(await db.lead.findUniqueOrThrow({ where: { id: lead.id } })).toMatchObject({
      firstName: "Fannie Lou",
      phone: null,
      state: "MS",
      politicalAffiliation: "Democratic",
      status: "unsubscribed",
      source: "event",
      unsubscribedAt: expect.any(Date),
    });

    const taken = await post({ ...form, email: other.email, firstName: "Typed" }, cookie);
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ title: "Error", message: "Another lead already has this email address." });
    const result = taken.body.result as { error: Record<string, string[]>; initialValue: Record<string, string> };
    expect(result.error.email).toEqual(["Another lead already has this email address."]);
    expect(result.initialValue).toMatchObject({ email: other.email, firstName: "Typed" });
    expect(await db.lead.findUniqueOrThrow({ where: { id: lead.id } })).toMatchObject({ email: lead.email, firstName: "Fannie Lou" });

    const invalid = await post({ ...form, email: "not-an-email", status: "converted" }, cookie);
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe("Failed to update lead");
    const made = await post({ ...form, status: "converted" }, cookie);
    expect(made).toMatchObject({ status: 400, body: { message: "Use Convert to turn a lead into a user." } });
  });

  test("convert: the account, the converted lead and the set-password email; again is a 409", async () => {
    const { cookie } = await account("admin");
    const lead = await newLead();
    const converted = await post({ intent: "convert", id: String(lead.id) }, cookie);
    expect(converted.status).toBe(302);
    expect(await toastOf(converted)).toMatchObject({ title: LEAD_TEXTS.converted });
    const user = await db.user.findUniqueOrThrow({ where: { email: lead.email } });
    expect(await db.lead.findUniqueOrThrow({ where: { id: lead.id } })).toMatchObject({ status: "converted", convertedUserId: user.id });
    expect(sink.messages.some((m) => m.to.includes(lead.email) && m.subject.includes("set your password"))).toBe(true);
    expect(await post({ intent: "convert", id: String(lead.id) }, cookie)).toMatchObject({
      status: 409,
      body: { title: "Error", message: LEAD_TEXTS.alreadyConverted },
    });
  });

  test("convert when the mail server refuses the email: the account stays and the toast says so", async () => {
    const { cookie } = await account("admin");
    const lead = await newLead({ email: `${"c".repeat(1_000_000)}@example.org` }); // the SMTP server refuses such an address
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const converted = await post({ intent: "convert", id: String(lead.id) }, cookie);
      expect(converted.status).toBe(302);
      expect(await toastOf(converted)).toEqual({
        title: LEAD_TEXTS.converted,
        description: "The email with the password link could not be sent. They can use Forgot password? on the sign-in page.",
        variant: "default",
      });
    } finally {
      logged.mockRestore();
    }
    expect(await db.lead.findUniqueOrThrow({ where: { id: lead.id } })).toMatchObject({ status: "converted" });
  });

  test("delete: gone with the toast; again is a 404", async () => {
    const { cookie } = await account("admin");
    const lead = await newLead();
    const deleted = await post({ intent: "delete", id: String(lead.id) }, cookie);
    expect(deleted.status).toBe(302);
    expect(await toastOf(deleted)).toMatchObject({ title: LEAD_TEXTS.deleted });
    expect(await db.lead.findUnique({ where: { id: lead.id } })).toBeNull();
    expect((await post({ intent: "delete", id: String(lead.id) }, cookie)).status).toBe(404);
  });
});
