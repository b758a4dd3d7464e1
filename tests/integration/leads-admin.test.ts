// Lead management through the JSON calls, with a real SMTP server on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { linkIn, startSmtpSink } from "../support/smtp-sink";
import { answer, callRoute, cookieFor } from "../support/route-calls";
import { ONLY_THEY_RESUBSCRIBE } from "~/lib/leads";

const sink = await startSmtpSink();
process.env.SMTP_URL = sink.url; // before the app's modules read the configuration
const { db } = await import("~/db.server");
const leadsRoute = await import("~/routes/api.leads");
const leadRoute = await import("~/routes/api.leads.$id");
const convertRoute = await import("~/routes/api.leads.$id.convert");
const resetPasswordRoute = await import("~/routes/reset-password");
const { FEW_MATCHES, leadStats } = await import("~/models/leads.server");
const { verifyLogin } = await import("~/models/users.server");

afterAll(() => sink.close());

let admin: string;
beforeAll(async () => {
  admin = await cookieFor("admin@civicatlas.test");
});

const newLead = (email: string, data: Record<string, unknown> = {}) =>
  db.lead.create({ data: { email, firstName: "Ella", lastName: "Baker", city: "Norfolk", state: "VA", ...data } });
const list = (query = "") => answer(callRoute(leadsRoute.loader, `/api/leads${query}`, { cookie: admin }));
const put = (id: number, body: unknown) =>
  answer(callRoute(leadRoute.action, "/x", { method: "PUT", params: { id: String(id) }, body, cookie: admin }));

describe("lead management", () => {
  test("the four stats: total, converted, active, and this calendar month from its first instant", async () => {
    const now = new Date();
    const monthStart = new Date(now.getFullYear(), now.getMonth(), 1);
    const before = await leadStats(db, now);
    await newLead("stats-active@example.org", { createdAt: monthStart });
    await newLead("stats-old@example.org", { createdAt: new Date(monthStart.getTime() - 1), status: "unsubscribed" });
    await newLead("stats-converted@example.org", { createdAt: new Date(monthStart.getTime() - 86_400_000), status: "converted" });
    expect(await leadStats(db, now)).toEqual({
      total: before.total + 3,
      converted: before.converted + 1,
      active: before.active + 1,
      thisMonth: before.thisMonth + 1,
    });
  });

  test("list with status and source, search, and filters", async () => {
    await newLead("rosa@example.org", { firstName: "Rosa", lastName: "Parks", city: "Montgomery", state: "AL", source: "event" });
    const all = await list();
    expect(all.status).toBe(200);
    expect(all.body.find((l: { email: string }) => l.email === "rosa@example.org")).toMatchObject({ status: "active", source: "event" });
    expect((await list("?search=montgom")).body.map((l: { email: string }) => l.email)).toEqual(["rosa@example.org"]);
    expect((await list("?source=event&search=rosa")).body).toHaveLength(1);
    expect((await list("?status=converted&search=rosa")).body).toHaveLength(0);
    expect((await list(`?search=${"x".repeat(101)}`)).status).toBe(400);
  });

  test("search finds a lead by any three letters of its email, names, city or state, and follows edits and deletions", async () => {
    const emails = async (search: string) =>
      (await list(`?search=${encodeURIComponent(search)}`)).body.map((l: { email: string }) => l.email);
    const lead = await newLead("fannie@example.org", { firstName: "Fannie Lou", lastName: "Hamer", city: "Ruleville", state: "MS" });
    expect(await emails("ulevil")).toEqual(["fannie@example.org"]);
    expect(await emails("HAMER")).toEqual(["fannie@example.org"]);
    expect(await emails("nie L")).toEqual(["fannie@example.org"]);
    expect((await list('?search=a"b')).status).toBe(200);
    expect((await list("?search=abc%00def")).status).toBe(200);

    expect((await put(lead.id, { lastName: "Townsend" })).status).toBe(200);
    expect(await emails("hamer")).toEqual([]);
    expect(await emails("townsen")).toEqual(["fannie@example.org"]);
    await answer(callRoute(leadRoute.action, "/x", { method: "DELETE", params: { id: String(lead.id) }, cookie: admin }));
    expect(await emails("townsen")).toEqual([]);
  });

  test.each([
    ["just under", FEW_MATCHES - 1],
    ["over", FEW_MATCHES + 100],
  ])("a search matching %s the full-text index's few gives the newest page of them", async (_, matches) => {
    const at = Date.now();
    const domain = `many${matches}.example`;
    await db.lead.createMany({
      data: Array.from({ length: matches }, (_, i) => ({ email: `crowd-${i}@${domain}`, createdAt: new Date(at + i * 1000) })),
    });
    const page = await list(`?search=${domain}`);
    expect(page.status).toBe(200);
    expect(page.body[0].email).toBe(`crowd-${matches - 1}@${domain}`);
    expect(page.body).toHaveLength(50);
    expect(page.body.every((l: { email: string }) => l.email.endsWith(`@${domain}`))).toBe(true);
  });

  test("edit: the fields sent change; a taken email or a made-up conversion is refused with the field's message", async () => {
    const lead = await newLead("edit-me@example.org");
    const edited = await put(lead.id, { firstName: "Ella J.", phone: "", status: "unsubscribed", occupation: "Organizer" });
    expect(edited).toMatchObject({
      status: 200,
      body: {
        message: "Lead updated successfully",
        lead: { firstName: "Ella J.", lastName: "Baker", phone: null, status: "unsubscribed", occupation: "Organizer" },
      },
    });
    expect((await db.lead.findUniqueOrThrow({ where: { id: lead.id } })).unsubscribedAt).not.toBeNull();
    // Only the person re-subscribes (the emailed re-join link); staff cannot.
    expect(await put(lead.id, { status: "active" })).toMatchObject({ status: 400, body: { errors: { status: [ONLY_THEY_RESUBSCRIBE] } } });
    expect((await db.lead.findUniqueOrThrow({ where: { id: lead.id } })).status).toBe("unsubscribed");
    await newLead("taken@example.org");
    expect(await put(lead.id, { email: "Taken@Example.org" })).toMatchObject({
      status: 400,
      body: { errors: { email: ["Another lead already has this email address."] } },
    });
    expect((await put(lead.id, { status: "converted" })).body.errors.status).toEqual(["Use Convert to turn a lead into a user."]);
    expect((await put(lead.id, { email: "nope", source: "tv" })).body.errors).toMatchObject({
      email: expect.any(Array),
      source: expect.any(Array),
    });
    expect((await put(999_999, { firstName: "X" })).status).toBe(404);
  });

  test("convert: a user account, an emailed set-password link that works for 7 days, the lead converted with the user's id; twice is refused", async () => {
    const lead = await newLead("convert-me@example.org", { politicalAffiliation: "Independent", phone: "555-0142" });
    const convert = () =>
      answer(
        callRoute(convertRoute.action, "/x", {
          method: "POST",
          params: { id: String(lead.id) },
          body: { userId: "ignored" },
          cookie: admin,
        }),
      );
    const converted = await convert();
    expect(converted).toMatchObject({ status: 201, body: { message: "Lead converted to user successfully", emailSent: true } });

    const user = await db.user.findUniqueOrThrow({
      where: { email: "convert-me@example.org" },
      include: { password: true, verifications: true },
    });
    expect(user).toMatchObject({ role: "user", firstName: "Ella", phone: "555-0142", politicalAffiliation: "independent", password: null });
    expect(await db.lead.findUniqueOrThrow({ where: { id: lead.id } })).toMatchObject({ status: "converted", convertedUserId: user.id });
    const days = (user.verifications[0].expiresAt.getTime() - user.verifications[0].createdAt.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(7);

    const email = sink.messages.find((m) => m.to.includes("convert-me@example.org"))!;
    expect(email.subject).toBe("Your Civic Atlas account: set your password");
    const token = new URL(linkIn(email, "/reset-password")).searchParams.get("token")!;
    const form = new Request("http://localhost/reset-password", {
      method: "POST",
      body: new URLSearchParams({ token, password: "montgomery55", confirmPassword: "montgomery55" }),
    });
    const done = (await resetPasswordRoute.action({ request: form, params: {}, context: { ipAddress: "127.0.0.1" } } as never)) as Response;
    expect(done.headers.get("Location")).toBe("/sign-in");
    expect(await verifyLogin(db, "convert-me@example.org", "montgomery55")).toEqual({ id: user.id });

    expect(await convert()).toMatchObject({ status: 409, body: { message: "This lead was already converted to a user." } });
    expect(await db.user.count({ where: { email: "convert-me@example.org" } })).toBe(1);
  });

  test("convert is refused when the email already has an account", async () => {
    const lead = await newLead("patriot@civicatlas.test");
    const refused = await answer(callRoute(convertRoute.action, "/x", { method: "POST", params: { id: String(lead.id) }, cookie: admin }));
    expect(refused).toMatchObject({ status: 409, body: { message: "A user account with this email already exists." } });
    expect((await db.lead.findUniqueOrThrow({ where: { id: lead.id } })).status).toBe("active");
  });

  test("delete removes the lead; a second delete is a 404", async () => {
    const lead = await newLead("delete-me@example.org");
    const del = () => answer(callRoute(leadRoute.action, "/x", { method: "DELETE", params: { id: String(lead.id) }, cookie: admin }));
    expect(await del()).toMatchObject({ status: 200, body: { message: "Lead deleted successfully" } });
    expect(await db.lead.findUnique({ where: { id: lead.id } })).toBeNull();
    expect((await del()).status).toBe(404);
  });
});
