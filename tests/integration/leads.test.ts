// The mailing list's privacy rules, against the real database and a real SMTP server on
// 127.0.0.1: a public sign-up never reveals or changes what an earlier one stored, and an
// unsubscribed address is only re-subscribed through the signed link emailed to it.
import { afterAll, describe, expect, test } from "vitest";
import { linkIn, startSmtpSink } from "../support/smtp-sink";

const sink = await startSmtpSink();
process.env.SMTP_URL = sink.url; // before the app's modules read the configuration
const { db } = await import("~/db.server");
const { action: apiLeads } = await import("~/routes/api.leads");
const { loader: checkEmail } = await import("~/routes/api.check-email");
const { action: welcome } = await import("~/routes/welcome");
const rejoinRoute = await import("~/routes/rejoin");
const { action: unsubscribe } = await import("~/routes/unsubscribe");
const leads = await import("~/models/leads.server");
const { LeadSignUpSchema } = await import("~/models/leads.server");

afterAll(() => sink.close());

const args = (request: Request) => ({ request, params: {}, context: { cspNonce: "", ipAddress: "127.0.0.1" } }) as never;
/** Calls a loader or action and gives back a Response, whatever form it answered in. */
async function call(fn: (a: never) => unknown, request: Request): Promise<Response> {
  try {
    const result = await fn(args(request));
    if (result instanceof Response) return result;
    const { data, init } = result as { data: unknown; init?: ResponseInit | null };
    return Response.json(data, { status: init?.status ?? 200 });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
const postJson = (body: unknown) =>
  new Request("http://localhost/api/leads", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
const postForm = (path: string, body: Record<string, string>) =>
  new Request(`http://localhost${path}`, { method: "POST", body: new URLSearchParams(body) });
const answerOf = async (response: Response) => ({
  status: response.status,
  type: response.headers.get("Content-Type"),
  location: response.headers.get("Location"),
  cookie: response.headers.get("Set-Cookie"),
  body: await response.text(),
});
const emailsTo = (address: string, subject: string) => sink.messages.filter((m) => m.to.includes(address) && m.subject === subject);
const WELCOME_SUBJECT = "Welcome to the Civic Atlas mailing list";

/** Signs up (the model's entry point) and waits until the email it called for has gone. */
async function signUp(body: Record<string, unknown>) {
  const { emailed } = await leads.joinMailingList(db, LeadSignUpSchema.parse(body));
  await emailed;
}
async function unsubscribed(email: string) {
  await signUp({ email });
  const lead = await db.lead.findUniqueOrThrow({ where: { email } });
  await leads.unsubscribeLead(db, lead.id);
  return db.lead.findUniqueOrThrow({ where: { email } });
}

describe("a second sign-up", () => {
  test("with other details leaves the first values, through the JSON call and the /welcome form", async () => {
    const email = "ella.baker@example.org";
    const first = { email, firstName: "Ella", lastName: "Baker", city: "Harlem", politicalAffiliation: "Independent" };
    expect((await call(apiLeads, postJson(first))).status).toBe(201);
    const other = { firstName: "Mallory", lastName: "Mischief", phone: "555-0100", city: "Elsewhere", politicalAffiliation: "Other" };
    expect((await call(apiLeads, postJson({ email, ...other }))).status).toBe(201);
    expect((await call(welcome, postForm("/welcome", { intent: "save", email, ...other }))).status).toBe(302);
    expect(await db.lead.findMany({ where: { email } })).toEqual([
      expect.objectContaining({ ...first, phone: null, status: "active", source: "welcome_popup" }),
    ]);
  });

  test("answers exactly as the first one did: new, known, unsubscribed, or caught by the honeypot", async () => {
    await signUp({ email: "known@example.org", firstName: "Known", lastName: "Lead" });
    await unsubscribed("gone@example.org");
    const emails = ["brand-new@example.org", "known@example.org", "gone@example.org"];
    const json = await Promise.all(
      emails.map(async (email) => answerOf(await call(apiLeads, postJson({ email, source: "welcome_popup" })))),
    );
    json.push(await answerOf(await call(apiLeads, postJson({ email: "bot@example.org", website_url: "https://spam.example" }))));
    expect(new Set(json.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(json[0].status).toBe(201);
    expect(JSON.parse(json[0].body)).toEqual({
      message:
        "Welcome to Civic Atlas! You've been added to our mailing list. We'll keep you informed about important political developments.",
    });
    for (const mode of ["page", "dialog"]) {
      const form = await Promise.all(
        ["brand-new-form@example.org", ...emails].map(async (email) =>
          answerOf(await call(welcome, postForm("/welcome", { mode, intent: "skip", email }))),
        ),
      );
      expect(new Set(form.map((a) => JSON.stringify(a))).size).toBe(1);
    }
    expect(await db.lead.findUnique({ where: { email: "bot@example.org" } })).toBeNull();
  });

  test("two at the same moment for a new email make one lead and one welcome email", async () => {
    const email = "twice@example.org";
    await Promise.all([signUp({ email, firstName: "One", lastName: "First" }), signUp({ email, firstName: "Two", lastName: "Second" })]);
    expect(await db.lead.count({ where: { email } })).toBe(1);
    expect(emailsTo(email, WELCOME_SUBJECT)).toHaveLength(1);
  });
});

describe("an unsubscribed address", () => {
  test("stays unsubscribed when it signs up again, and gets exactly one re-join email", async () => {
    const email = "fannie@example.org";
    const before = await unsubscribed(email);
    await signUp({ email, firstName: "Fannie", lastName: "Hamer" });
    await signUp({ email });
    expect(await call(welcome, postForm("/welcome", { intent: "skip", email }))).toHaveProperty("status", 302);
    await expect.poll(() => emailsTo(email, leads.REJOIN_EMAIL_SUBJECT).length).toBe(1);
    const after = await db.lead.findUniqueOrThrow({ where: { email } });
    expect(after).toMatchObject({ status: "unsubscribed", unsubscribedAt: before.unsubscribedAt, firstName: null });
    expect(emailsTo(email, WELCOME_SUBJECT)).toHaveLength(1); // the first sign-up's only
    expect(emailsTo(email, leads.REJOIN_EMAIL_SUBJECT)[0].text).toMatch(/within 7 days/);

    // A day later, a new sign-up may send one more.
    await db.lead.update({ where: { email }, data: { rejoinRequestedAt: new Date(Date.now() - 25 * 60 * 60 * 1000) } });
    await signUp({ email });
    expect(emailsTo(email, leads.REJOIN_EMAIL_SUBJECT)).toHaveLength(2);
  });

  test("following the emailed link re-subscribes it, once", async () => {
    const email = "septima@example.org";
    await unsubscribed(email);
    await signUp({ email });
    const link = new URL(linkIn(emailsTo(email, leads.REJOIN_EMAIL_SUBJECT)[0], "/rejoin?"));
    const page = await call(rejoinRoute.loader, new Request(link));
    expect(page.status).toBe(200);
    const fields = Object.fromEntries(link.searchParams);
    const followed = await call(rejoinRoute.action, postForm("/rejoin", fields));
    expect(followed.status).toBe(302);
    expect(followed.headers.get("Location")).toBe("/rejoin?done=1");
    expect(await db.lead.findUniqueOrThrow({ where: { email } })).toMatchObject({ status: "active", unsubscribedAt: null });
    expect((await call(rejoinRoute.loader, new Request(link))).status).toBe(400);
    expect((await call(rejoinRoute.action, postForm("/rejoin", fields))).status).toBe(400);
  });

  test("a tampered or expired link does not re-subscribe it", async () => {
    const email = "diane@example.org";
    const lead = await unsubscribed(email);
    await signUp({ email });
    const fields = Object.fromEntries(new URL(linkIn(emailsTo(email, leads.REJOIN_EMAIL_SUBJECT)[0], "/rejoin?")).searchParams);
    const other = await unsubscribed("someone-else@example.org");
    const expired = Object.fromEntries(new URL(leads.rejoinUrl(lead as never, Date.now() - 8 * 24 * 60 * 60 * 1000)).searchParams);
    const bad = [
      { ...fields, token: fields.token.slice(0, -2) + (fields.token.endsWith("AA") ? "BB" : "AA") },
      { ...fields, lead: String(other.id) },
      { ...fields, expires: String(Number(fields.expires) + 24 * 60 * 60 * 1000) },
      { ...fields, token: "" },
      expired,
    ];
    for (const link of bad) {
      const url = `http://localhost/rejoin?${new URLSearchParams(link)}`;
      expect((await call(rejoinRoute.loader, new Request(url))).status, url).toBe(400);
      expect((await call(rejoinRoute.action, postForm("/rejoin", link))).status, url).toBe(400);
    }
    expect(await db.lead.findUniqueOrThrow({ where: { email } })).toMatchObject({ status: "unsubscribed" });
    expect(await db.lead.findUniqueOrThrow({ where: { id: other.id } })).toMatchObject({ status: "unsubscribed" });
  });

  test("unsubscribing by the form (no query string) redirects to the confirmation", async () => {
    const email = "claudette@example.org";
    await signUp({ email });
    const lead = await db.lead.findUniqueOrThrow({ where: { email } });
    const done = await call(unsubscribe, postForm("/unsubscribe", { lead: String(lead.id), token: leads.unsubscribeToken(lead.id) }));
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/unsubscribe?done=1");
    expect(await db.lead.findUniqueOrThrow({ where: { email } })).toMatchObject({ status: "unsubscribed" });
  });
});

describe("POST /api/leads parses one sign-up in one pass", () => {
  test("metadata and unknown keys do not ask for details; a detail field does", async () => {
    for (const extra of [{ source: "welcome_popup" }, { source: "newsletter", referrer: "x", status: "converted" }]) {
      const email = `meta-${Object.keys(extra).length}@example.org`;
      const response = await call(apiLeads, postJson({ email, ...extra }));
      expect(response.status).toBe(201);
      expect(await db.lead.findUniqueOrThrow({ where: { email } })).toMatchObject({
        status: "active",
        source: "welcome_popup",
        firstName: null,
      });
    }
    const partial = await call(apiLeads, postJson({ email: "partial@example.org", city: "Jackson" }));
    expect(partial.status).toBe(400);
    expect(await partial.json()).toEqual({ message: "First name is required", field: "firstName" });
    const badChoice = await call(
      apiLeads,
      postJson({ email: "whig@example.org", firstName: "A", lastName: "B", politicalAffiliation: "Whig" }),
    );
    expect(await badChoice.json()).toEqual({ message: "Choose one of the listed affiliations.", field: "politicalAffiliation" });
    for (const body of [[], "text", null]) expect((await call(apiLeads, postJson(body))).status).toBe(400);
    expect(await db.lead.count({ where: { email: { in: ["partial@example.org", "whig@example.org"] } } })).toBe(0);
  });
});

describe("GET /api/check-email", () => {
  test("tells whether an account has the address, never whether the mailing list does", async () => {
    await signUp({ email: "on-the-list@example.org" });
    const ask = async (email: string) => answerOf(await call(checkEmail, new Request(`http://localhost/api/check-email?email=${email}`)));
    const listed = await ask("on-the-list@example.org");
    expect(listed).toEqual(await ask("nobody-at-all@example.org"));
    expect(JSON.parse(listed.body)).toEqual({ existsAsUser: false });
    expect(JSON.parse((await ask("patriot@civicatlas.test")).body)).toEqual({ existsAsUser: true });
  });
});
