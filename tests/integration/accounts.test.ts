// Account calls against the real database and a real SMTP server on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { asServerAnswers, routeContext } from "../support/route-calls";
import { linkIn, startSmtpSink } from "../support/smtp-sink";

const sink = await startSmtpSink();
process.env.SMTP_URL = sink.url; // before the app's modules read the configuration
const { db } = await import("~/db.server");
const { action: register } = await import("~/routes/api.register");
const { action: signIn } = await import("~/routes/api.auth.sign-in");
const { loader: currentUser } = await import("~/routes/api.auth.user");
const profileRoute = await import("~/routes/api.profile");
const confirmRoute = await import("~/routes/confirm-email");
const { action: resend } = await import("~/routes/api.admin.users.$id.resend-confirmation");
const signInPage = await import("~/routes/sign-in");
const { createSession } = await import("~/auth/session.server");
const { ensurePasswordUser } = await import("~/models/users.server");

afterAll(() => sink.close());

const json = (path: string, method: string, body: unknown, cookie?: string) =>
  new Request(`http://localhost${path}`, {
    method,
    headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const args = (request: Request) => ({ request, params: {}, context: { cspNonce: "", ipAddress: "127.0.0.1" } }) as never;
const call = async (fn: (a: never) => unknown, request: Request) => {
  try {
    return (await fn(args(request))) as Response;
  } catch (thrown) {
    return asServerAnswers(thrown);
  }
};

describe("registration by JSON", () => {
  let cookie = "";
  beforeAll(async () => {
    const created = await call(
      register,
      json("/api/register", "POST", {
        firstName: "Fannie",
        lastName: "Hamer",
        email: "Fannie@Example.org",
        password: "freedom64",
        primaryIssues: ["Housing"],
      }),
    );
    expect(created.status).toBe(201);
  });

  test("stores the account unconfirmed with an argon2id hash and emails a 24-hour link", async () => {
    const user = await db.user.findUniqueOrThrow({
      where: { email: "fannie@example.org" },
      include: { password: true, verifications: true },
    });
    expect(user).toMatchObject({ emailConfirmed: false, authMethod: "password", primaryIssues: ["Housing"] });
    expect(user.password?.hash).toMatch(/^\$argon2id\$/);
    const [verification] = user.verifications;
    const hours = (verification.expiresAt.getTime() - verification.createdAt.getTime()) / 3_600_000;
    expect(Math.round(hours)).toBe(24);
    const email = sink.messages.find((m) => m.to.includes("fannie@example.org"))!;
    expect(email.subject).toBe("Confirm your Civic Atlas account");
    expect(verification.tokenHash).not.toContain(new URL(linkIn(email, "/confirm-email")).searchParams.get("token"));
  });

  test("the same email cannot register twice; bad JSON and bad fields are 400 with a message", async () => {
    const again = await call(
      register,
      json("/api/register", "POST", { firstName: "F", lastName: "H", email: "fannie@example.org", password: "another1" }),
    );
    expect(again.status).toBe(409);
    expect(await db.user.count({ where: { email: "fannie@example.org" } })).toBe(1);
    const badJson = await call(register, json("/api/register", "POST", "{not json"));
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toEqual({ message: "The request body must be valid JSON." });
    const short = await call(
      register,
      json("/api/register", "POST", { firstName: "A", lastName: "B", email: "a@b.org", password: "12345" }),
    );
    expect(await short.json()).toMatchObject({ message: "Password must be at least 6 characters", field: "password" });
  });

  test("confirming, then signing in, then reading and patching the profile", async () => {
    const before = await call(signIn, json("/api/auth/sign-in", "POST", { email: "fannie@example.org", password: "freedom64" }));
    expect(before.status).toBe(401);
    expect((await before.json()).message).toContain("confirm your email");

    const email = sink.messages.find((m) => m.to.includes("fannie@example.org"))!;
    const token = new URL(linkIn(email, "/confirm-email")).searchParams.get("token")!;
    const confirmed = await call(
      confirmRoute.action,
      new Request("http://localhost/confirm-email", { method: "POST", body: new URLSearchParams({ token }) }),
    );
    expect(confirmed.headers.get("Location")).toBe("/sign-in?confirmed=true");

    const signedIn = await call(signIn, json("/api/auth/sign-in", "POST", { email: "FANNIE@example.org", password: "freedom64" }));
    expect(signedIn.status).toBe(200);
    cookie = signedIn.headers.get("Set-Cookie")!.split(";")[0];
    const me = await call(currentUser, new Request("http://localhost/api/auth/user", { headers: { Cookie: cookie } }));
    expect(await me.json()).toMatchObject({ email: "fannie@example.org", role: "user" });
    const user = await db.user.findUniqueOrThrow({ where: { email: "fannie@example.org" } });
    expect(user.totalLogins).toBe(1);
    expect(user.lastLogin).not.toBeNull();

    const patched = await call(profileRoute.action, json("/api/profile", "PATCH", { city: "Ruleville" }, cookie));
    expect(await patched.json()).toMatchObject({ city: "Ruleville", firstName: "Fannie", primaryIssues: ["Housing"] });
    const unknownField = await call(profileRoute.action, json("/api/profile", "PATCH", { role: "admin" }, cookie));
    expect(unknownField.status).toBe(400);
    expect((await db.user.findUniqueOrThrow({ where: { email: "fannie@example.org" } })).role).toBe("user");
    const actions = (await db.activityLog.findMany({ where: { userId: user.id }, orderBy: { id: "asc" } })).map((a) => a.action);
    expect(actions).toEqual(["registration", "email_confirmed", "sign_in", "profile_updated"]);
  });

  test("signed out, the current user and profile answer 401 with a message", async () => {
    const me = await call(currentUser, new Request("http://localhost/api/auth/user"));
    expect(me.status).toBe(401);
    expect((await me.json()).message).toMatch(/not signed in/);
    const profile = await call(profileRoute.loader, new Request("http://localhost/api/profile"));
    expect(profile.status).toBe(401);
  });
});

describe("staff resend of the confirmation email", () => {
  const resendAs = async (userId: string, staffEmail?: string) => {
    const staff = staffEmail ? await db.user.findUniqueOrThrow({ where: { email: staffEmail } }) : null;
    const cookie = staff ? (await createSession(staff.id)).cookie.split(";")[0] : undefined;
    const request = new Request(`http://localhost/api/admin/users/${userId}/resend-confirmation`, {
      method: "POST",
      headers: cookie ? { Cookie: cookie } : {},
    });
    try {
      return (await resend({ request, params: { id: userId }, context: routeContext } as never)) as Response;
    } catch (thrown) {
      return asServerAnswers(thrown);
    }
  };

  test("admins resend to an unconfirmed account; signed-out and moderators are refused by the server", async () => {
    await call(
      register,
      json("/api/register", "POST", { firstName: "Bayard", lastName: "Rustin", email: "bayard@example.org", password: "march1963" }),
    );
    const { id } = await db.user.findUniqueOrThrow({ where: { email: "bayard@example.org" } });
    expect((await resendAs(id)).status).toBe(401);
    expect((await resendAs(id, "moderator@civicatlas.test")).status).toBe(403);
    const count = () => sink.messages.filter((m) => m.to.includes("bayard@example.org")).length;
    const before = count();
    const sent = await resendAs(id, "admin@civicatlas.test");
    expect(await sent.json()).toEqual({ message: "Email sent" });
    expect(count()).toBe(before + 1);
    await resendAs(id, "admin@civicatlas.test"); // the third link this hour
    const refused = await resendAs(id, "admin@civicatlas.test");
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toMatch(/Three confirmation emails/);
    expect((await resendAs("no-such-user", "admin@civicatlas.test")).status).toBe(404);
  });
});

describe("Send the link again, from /sign-in", () => {
  const ask = (email: string) =>
    call(
      signInPage.action,
      new Request("http://localhost/sign-in", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "resend-confirmation", email }),
      }),
    );
  const mailTo = (email: string) =>
    sink.messages.filter((m) => m.to.includes(email) && m.subject.includes("Confirm your Civic Atlas account"));

  test("an unconfirmed account gets a new working link, three an hour at most; every address gets the same answer", async () => {
    await call(
      register,
      json("/api/register", "POST", { firstName: "Ella", lastName: "Baker", email: "ella.resend@example.org", password: "grassroots1" }),
    );
    await expect.poll(() => mailTo("ella.resend@example.org").length).toBe(1);
    const answers = [await ask("Ella.Resend@example.org"), await ask("nobody-here@example.org"), await ask("patriot@civicatlas.test")];
    for (const answer of answers) {
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe("/sign-in?resent=1");
    }
    await expect.poll(() => mailTo("ella.resend@example.org").length).toBe(2);
    expect(mailTo("nobody-here@example.org")).toHaveLength(0);
    expect(mailTo("patriot@civicatlas.test")).toHaveLength(0); // already confirmed

    // The new link confirms the account.
    const link = linkIn(mailTo("ella.resend@example.org")[1], "/confirm-email?token=");
    const token = new URL(link).searchParams.get("token")!;
    const confirmed = await call(
      confirmRoute.action,
      new Request("http://localhost/confirm-email", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token }),
      }),
    );
    expect(confirmed.status).toBe(302);
    expect((await db.user.findUniqueOrThrow({ where: { email: "ella.resend@example.org" } })).emailConfirmed).toBe(true);

    // The hourly limit counts the registration's link too: 3 in all, then nothing more is sent.
    await ensurePasswordUser(db, { email: "limit.resend@example.org", password: "unused-1", firstName: "L", lastName: "R", role: "user" });
    await db.user.update({ where: { email: "limit.resend@example.org" }, data: { emailConfirmed: false } });
    for (let i = 0; i < 4; i++) expect((await ask("limit.resend@example.org")).status).toBe(302);
    await expect.poll(() => mailTo("limit.resend@example.org").length).toBe(3);
  });

  test("a malformed address is a 400 with a message, and sends nothing", async () => {
    const before = sink.messages.length;
    const { init, data } = (await ask("not-an-address")) as unknown as { init: ResponseInit; data: { error: Record<string, string[]> } };
    expect(init.status).toBe(400);
    expect(data.error).toEqual({ email: ["Valid email is required"] });
    expect(sink.messages.length).toBe(before);
  });
});
