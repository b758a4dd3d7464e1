// The staff JSON calls for users against a real database and a real SMTP server on 127.0.0.1:
// each rule of who may change whom, the refusals (403 with the rule's text), 404 and 400, the activity
// entries naming the actor, Add User's emailed set-password link, and the owner's CSV export.
import { afterAll, describe, expect, test } from "vitest";
import { asServerAnswers, routeContext } from "../support/route-calls";
import { linkIn, startSmtpSink } from "../support/smtp-sink";

const sink = await startSmtpSink();
process.env.SMTP_URL = sink.url; // before the app's modules read the configuration
const { db } = await import("~/db.server");
const usersRoute = await import("~/routes/api.admin.users");
const userRoute = await import("~/routes/api.admin.users.$id");
const statusRoute = await import("~/routes/api.admin.users.$id.status");
const statsRoute = await import("~/routes/api.admin.stats");
const exportRoute = await import("~/routes/admin.users.export");
const { loader: currentUser } = await import("~/routes/api.auth.user");
const { createSession } = await import("~/auth/session.server");
const { resetPassword, verifyLogin } = await import("~/models/users.server");
const adminUsers = await import("~/models/admin-users.server");

afterAll(() => sink.close());

type Role = "user" | "moderator" | "admin" | "owner";
let counter = 0;
/** A fresh account of this role with a signed-in session: every test owns its users. */
async function account(role: Role, extra: Record<string, unknown> = {}) {
  const user = await db.user.create({
    data: { email: `${role}-${++counter}-${Date.now()}@example.org`, firstName: role, lastName: `No${counter}`, role, ...extra },
  });
  const { cookie } = await createSession(user.id);
  return { ...user, cookie: cookie.split(";")[0] };
}

const request = (method: string, path: string, cookie?: string, body?: unknown) =>
  new Request(`http://localhost${path}`, {
    method,
    headers: { ...(body !== undefined ? { "Content-Type": "application/json" } : {}), ...(cookie ? { Cookie: cookie } : {}) },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });

/** Calls a loader or action the way Remix does; a thrown Response is the answer too. */
async function call(fn: (args: never) => unknown, req: Request, params: Record<string, string> = {}) {
  try {
    return (await fn({ request: req, params, context: routeContext } as never)) as Response;
  } catch (thrown) {
    return asServerAnswers(thrown);
  }
}

const getUser = (as: { cookie: string } | undefined, id: string) =>
  call(userRoute.loader, request("GET", `/api/admin/users/${id}`, as?.cookie), { id });
const patchUser = (as: { cookie: string }, id: string, body: unknown) =>
  call(userRoute.action, request("PATCH", `/api/admin/users/${id}`, as.cookie, body), { id });
const deleteUser = (as: { cookie: string }, id: string) =>
  call(userRoute.action, request("DELETE", `/api/admin/users/${id}`, as.cookie), { id });
const setStatus = (as: { cookie: string }, id: string, body: unknown) =>
  call(statusRoute.action, request("PATCH", `/api/admin/users/${id}/status`, as.cookie, body), { id });
const createUser = (as: { cookie: string }, body: unknown) => call(usersRoute.action, request("POST", "/api/admin/users", as.cookie, body));

async function expectRefused(response: Response, status: number, message: string | RegExp) {
  expect(response.status).toBe(status);
  const body = await response.json();
  if (typeof message === "string") expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
}

const logsOf = (userId: string) => db.activityLog.findMany({ where: { userId }, orderBy: { id: "asc" } });

describe("who may call what", () => {
  test("the user list: 401 signed out, 403 for patriots and moderators, the array for admins and owners", async () => {
    const [patriot, moderator, admin, owner] = await Promise.all((["user", "moderator", "admin", "owner"] as const).map((r) => account(r)));
    expect((await call(usersRoute.loader, request("GET", "/api/admin/users"))).status).toBe(401);
    await expectRefused(await call(usersRoute.loader, request("GET", "/api/admin/users", patriot.cookie)), 403, /Forbidden/);
    await expectRefused(await call(usersRoute.loader, request("GET", "/api/admin/users", moderator.cookie)), 403, /Forbidden/);
    for (const staff of [admin, owner]) {
      const list = await call(usersRoute.loader, request("GET", "/api/admin/users", staff.cookie));
      const users = (await list.json()) as { id: string }[];
      expect(users.map((u) => u.id)).toEqual(expect.arrayContaining([patriot.id, moderator.id]));
    }
  });

  test("the list filters by search words, role and status; a bad filter is a 400", async () => {
    const admin = await account("admin");
    const target = await account("moderator", { firstName: "Septima", lastName: "Clark", isActive: false });
    const ids = async (query: string) =>
      ((await (await call(usersRoute.loader, request("GET", `/api/admin/users?${query}`, admin.cookie))).json()) as { id: string }[]).map(
        (u) => u.id,
      );
    expect(await ids("q=septima+clark")).toEqual([target.id]);
    expect(await ids("q=SEPTIMA&role=moderator&status=inactive")).toEqual([target.id]);
    expect(await ids("q=septima&status=active")).toEqual([]);
    expect(await ids(`q=${encodeURIComponent(target.email)}&role=`)).toEqual([target.id]);
    await expectRefused(await call(usersRoute.loader, request("GET", "/api/admin/users?role=king", admin.cookie)), 400, /role must be/);
  });

  test("the detail: moderators and above read it with the admin fields; patriots 403; a missing user 404", async () => {
    const [patriot, moderator] = [await account("user"), await account("moderator")];
    const response = await getUser(moderator, patriot.id);
    expect(response.status).toBe(200);
    const user = await response.json();
    expect(user).toMatchObject({ id: patriot.id, email: patriot.email, adminNotes: null, totalLogins: 0, twoFactorEnabled: false });
    expect(user).toHaveProperty("activityLogs");
    expect(user).not.toHaveProperty("password");
    await expectRefused(await getUser(patriot, patriot.id), 403, /Forbidden/);
    await expectRefused(await getUser(moderator, "no-such-user"), 404, "User not found");
  });

  test("the detail lists the 10 newest activity entries, newest first, each with its actor's name", async () => {
    const [admin, target] = [await account("admin", { firstName: "Ada", lastName: "Admin" }), await account("user")];
    const start = Date.now() - 60_000;
    await db.activityLog.createMany({
      data: Array.from({ length: 12 }, (_, i) => ({
        userId: target.id,
        actorId: i === 11 ? admin.id : null,
        action: "sign_in",
        details: `entry ${i}`,
        createdAt: new Date(start + i * 1000),
      })),
    });
    const { activityLogs } = await (await getUser(admin, target.id)).json();
    expect(activityLogs.map((l: { details: string }) => l.details)).toEqual(Array.from({ length: 10 }, (_, i) => `entry ${11 - i}`));
    expect(activityLogs[0]).toMatchObject({ action: "sign_in", actorName: "Ada Admin" });
    expect(activityLogs[1]).toMatchObject({ actorId: null, actorName: null });
    expect(Object.keys(activityLogs[0]).sort()).toEqual(["action", "actorId", "actorName", "details", "id", "timestamp"]);
  });

  test("stats: admins get the six counts from the database; moderators 403 (admin data, decision 0002)", async () => {
    const admin = await account("admin");
    const stats = async () => (await call(statsRoute.loader, request("GET", "/api/admin/stats", admin.cookie))).json();
    const before = await stats();
    expect(Object.keys(before).sort()).toEqual(
      ["activeCrawlerJobs", "adminUsers", "moderatorUsers", "pendingDataUpdates", "totalRepresentatives", "totalUsers"].sort(),
    );
    const moderator = await account("moderator");
    await db.fieldUpdate.create({ data: { entityType: "official", entityId: 1, fieldName: "phone", newValue: "1", status: "pending" } });
    await db.jobExecution.create({ data: { jobType: "contact_crawl", status: "running" } });
    const after = await stats();
    expect(after).toMatchObject({
      totalUsers: before.totalUsers + 1,
      moderatorUsers: before.moderatorUsers + 1,
      adminUsers: before.adminUsers,
      pendingDataUpdates: before.pendingDataUpdates + 1,
      activeCrawlerJobs: before.activeCrawlerJobs + 1,
    });
    expect(after.totalRepresentatives).toBe(await db.official.count({ where: { isActive: true } }));
    await expectRefused(await call(statsRoute.loader, request("GET", "/api/admin/stats", moderator.cookie)), 403, /Forbidden/);
  });
});

describe("Add User (POST /api/admin/users)", () => {
  test("creates the account, logs the actor, and emails a 7-day single-use link that sets the password and confirms the address", async () => {
    const admin = await account("admin");
    const email = `Invited-${Date.now()}@Example.org`;
    const response = await createUser(admin, { email, firstName: "Diane", lastName: "Nash", role: "moderator" });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ message: "New user has been created successfully.", emailSent: true });
    const user = await db.user.findUniqueOrThrow({
      where: { email: email.toLowerCase() },
      include: { password: true, verifications: true },
    });
    expect(user).toMatchObject({ role: "moderator", firstName: "Diane", emailConfirmed: false, password: null });
    const days = (user.verifications[0].expiresAt.getTime() - user.verifications[0].createdAt.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(7);
    expect(await logsOf(user.id)).toMatchObject([{ action: "user_created", actorId: admin.id, details: "Created as Moderator" }]);

    const message = sink.messages.find((m) => m.to.includes(email.toLowerCase()))!;
    expect(message.subject).toBe("Your Civic Atlas account: set your password");
    const token = new URL(linkIn(message, "/reset-password?token=")).searchParams.get("token")!;
    expect(await resetPassword(db, token, "selma-1965")).toBe(true);
    expect(await resetPassword(db, token, "again-1965")).toBe(false); // single use
    expect(await verifyLogin(db, email, "selma-1965")).toEqual({ id: user.id });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).emailConfirmed).toBe(true);
  });

  test("the role defaults to Patriot; a missing email, bad JSON or unknown field is a 400; a taken email 409", async () => {
    const admin = await account("admin");
    const email = `default-${Date.now()}@example.org`;
    expect((await createUser(admin, { email })).status).toBe(201);
    expect((await db.user.findUniqueOrThrow({ where: { email } })).role).toBe("user");
    await expectRefused(await createUser(admin, { firstName: "No email" }), 400, "Email is required");
    await expectRefused(await createUser(admin, { email: "not-an-email" }), 400, "Valid email is required");
    await expectRefused(await createUser(admin, "{oops"), 400, "The request body must be valid JSON.");
    await expectRefused(await createUser(admin, { email: `x${email}`, isActive: false }), 400, /Unrecognized key/);
    await expectRefused(await createUser(admin, { email: email.toUpperCase() }), 409, "A user with this email already exists.");
  });

  test("rule: only owners create admins; nobody creates owners; moderators create nobody", async () => {
    const [admin, owner, moderator] = [await account("admin"), await account("owner"), await account("moderator")];
    const email = (n: string) => `${n}-${Date.now()}@example.org`;
    await expectRefused(await createUser(admin, { email: email("a1"), role: "admin" }), 403, "Only owners can create admin users.");
    await expectRefused(
      await createUser(admin, { email: email("a2"), role: "owner" }),
      403,
      "New users are Patriots, Moderators or Admins.",
    );
    await expectRefused(
      await createUser(owner, { email: email("o1"), role: "owner" }),
      403,
      "New users are Patriots, Moderators or Admins.",
    );
    await expectRefused(await createUser(moderator, { email: email("m1") }), 403, /Forbidden/);
    const created = await createUser(owner, { email: email("o2"), role: "admin" });
    expect(created.status).toBe(201);
    expect((await created.json()).user.role).toBe("admin");
  });
});

describe("the account rules of the permissions matrix on PATCH, status and DELETE", () => {
  test("rule: admins cannot modify an owner account (details, role, notes, status, delete)", async () => {
    const [admin, owner] = [await account("admin"), await account("owner")];
    const rule = "Admins cannot modify owner accounts.";
    await expectRefused(await patchUser(admin, owner.id, { firstName: "Changed" }), 403, rule);
    await expectRefused(await patchUser(admin, owner.id, { adminNotes: "note" }), 403, rule);
    await expectRefused(await patchUser(admin, owner.id, { role: "user" }), 403, "The owner's role cannot be changed.");
    await expectRefused(await setStatus(admin, owner.id, { isActive: false }), 403, "Owner accounts cannot be deactivated or deleted.");
    await expectRefused(await deleteUser(admin, owner.id), 403, "Owner accounts cannot be deactivated or deleted.");
    expect(await db.user.findUniqueOrThrow({ where: { id: owner.id } })).toMatchObject({
      firstName: "owner",
      isActive: true,
      role: "owner",
    });
  });

  test("rule: the owner's role never changes, not even by an owner; owners edit their own details on My Profile", async () => {
    const [owner, other] = [await account("owner"), await account("owner")];
    await expectRefused(await patchUser(owner, other.id, { role: "admin" }), 403, "The owner's role cannot be changed.");
    await expectRefused(await patchUser(owner, owner.id, { role: "admin" }), 403, "The owner's role cannot be changed.");
    await expectRefused(await patchUser(owner, other.id, { phone: "1" }), 403, /each owner edits their own details on My Profile/);
    expect((await patchUser(owner, other.id, { adminNotes: "Founding owner" })).status).toBe(200);
  });

  test("rule: no self-demotion; editing one's own details is fine", async () => {
    const admin = await account("admin");
    await expectRefused(await patchUser(admin, admin.id, { role: "moderator" }), 403, "No self-demotion: nobody can lower their own role.");
    await expectRefused(await patchUser(admin, admin.id, { role: "user" }), 403, "No self-demotion: nobody can lower their own role.");
    const renamed = await patchUser(admin, admin.id, { firstName: "Renamed", role: "admin" });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ firstName: "Renamed", role: "admin" });
  });

  test("rule: no self-delete, no self-deactivation", async () => {
    const admin = await account("admin");
    await expectRefused(await deleteUser(admin, admin.id), 403, "No self-delete: nobody can delete their own account.");
    await expectRefused(await setStatus(admin, admin.id, { isActive: false }), 403, "Nobody can deactivate their own account.");
    expect(await db.user.findUnique({ where: { id: admin.id } })).toMatchObject({ isActive: true });
  });

  test("rule: only owners promote to admin or owner; a role change is logged naming the actor", async () => {
    const [admin, owner, target] = [await account("admin"), await account("owner"), await account("user")];
    await expectRefused(await patchUser(admin, target.id, { role: "admin" }), 403, "Only owners can promote to owner or admin.");
    await expectRefused(await patchUser(admin, target.id, { role: "owner" }), 403, "Only owners can promote to owner or admin.");
    expect((await patchUser(admin, target.id, { role: "moderator" })).status).toBe(200);
    expect((await patchUser(owner, target.id, { role: "admin" })).status).toBe(200);
    expect(await logsOf(target.id)).toMatchObject([
      { action: "role_changed", actorId: admin.id, details: "Role changed from Patriot to Moderator" },
      { action: "role_changed", actorId: owner.id, details: "Role changed from Moderator to Admin" },
    ]);
  });

  test("moderators write admin notes (logged) but change nothing else", async () => {
    const [moderator, target] = [await account("moderator"), await account("user")];
    const noted = await patchUser(moderator, target.id, { adminNotes: "Asked about voter registration" });
    expect(noted.status).toBe(200);
    expect((await noted.json()).adminNotes).toBe("Asked about voter registration");
    await expectRefused(await patchUser(moderator, target.id, { firstName: "X" }), 403, /Forbidden/);
    await expectRefused(await patchUser(moderator, target.id, { role: "moderator" }), 403, /Forbidden/);
    await expectRefused(await setStatus(moderator, target.id, { isActive: false }), 403, /Forbidden/);
    await expectRefused(await deleteUser(moderator, target.id), 403, /Forbidden/);
    expect(await logsOf(target.id)).toMatchObject([{ action: "admin_notes_updated", actorId: moderator.id }]);
  });

  test("an admin edit writes only what changed; a new email is unconfirmed and old links stop working; a taken email 409", async () => {
    const [admin, target, other] = [await account("admin"), await account("user", { emailConfirmed: true }), await account("user")];
    await db.verification.create({
      data: {
        type: "reset-password",
        target: target.email,
        tokenHash: `h-${target.id}`,
        userId: target.id,
        expiresAt: new Date(Date.now() + 3600_000),
      },
    });
    await expectRefused(await patchUser(admin, target.id, { email: other.email }), 409, "A user with this email already exists.");
    const newEmail = `moved-${Date.now()}@example.org`;
    const response = await patchUser(admin, target.id, { email: newEmail, phone: "555-0100", lastName: target.lastName });
    expect(await response.json()).toMatchObject({ email: newEmail, phone: "555-0100", emailConfirmed: false });
    expect(await db.verification.count({ where: { userId: target.id } })).toBe(0);
    expect(await logsOf(target.id)).toMatchObject([{ action: "user_updated", actorId: admin.id, details: "Changed email, phone" }]);
  });

  test("a staff edit of the ZIP clears the district a street address narrowed for the old ZIP; an edit without it keeps it", async () => {
    const admin = await account("admin");
    const target = await account("user", { zipCode: "90210", homeDistrict: "CA-36", homeDistrictZip: "90210" });
    const district = () => db.user.findUniqueOrThrow({ where: { id: target.id }, select: { homeDistrict: true, homeDistrictZip: true } });
    await patchUser(admin, target.id, { phone: "555-0101" });
    expect(await district()).toEqual({ homeDistrict: "CA-36", homeDistrictZip: "90210" });
    await patchUser(admin, target.id, { zipCode: "05401" });
    expect(await district()).toEqual({ homeDistrict: null, homeDistrictZip: null });
  });

  test("bad input is a 400 with a message; a missing user is a 404 on every call", async () => {
    const [admin, target] = [await account("admin"), await account("user")];
    await expectRefused(await patchUser(admin, target.id, { role: "king" }), 400, "Choose one of the listed roles.");
    await expectRefused(await patchUser(admin, target.id, { password: "x" }), 400, /Unrecognized key/);
    await expectRefused(await patchUser(admin, target.id, { profileImageUrl: "javascript:alert(1)" }), 400, "Please enter a valid URL");
    await expectRefused(await setStatus(admin, target.id, { isActive: "no" }), 400, "isActive must be true or false.");
    await expectRefused(await patchUser(admin, "missing", { firstName: "X" }), 404, "User not found");
    await expectRefused(await setStatus(admin, "missing", { isActive: false }), 404, "User not found");
    await expectRefused(await deleteUser(admin, "missing"), 404, "User not found");
    expect((await call(userRoute.action, request("PUT", `/api/admin/users/${target.id}`, admin.cookie), { id: target.id })).status).toBe(
      405,
    );
  });
});

describe("status and deletion", () => {
  test("deactivating ends the user's open sessions at once; both changes are logged", async () => {
    const [admin, target] = [await account("admin"), await account("user")];
    const me = () => call(currentUser, request("GET", "/api/auth/user", target.cookie));
    expect((await me()).status).toBe(200);
    const off = await setStatus(admin, target.id, { isActive: false });
    expect(await off.json()).toEqual({ message: "Status updated", isActive: false });
    expect((await me()).status).toBe(401);
    expect(await db.session.count({ where: { userId: target.id } })).toBe(0);
    expect((await setStatus(admin, target.id, { isActive: true })).status).toBe(200);
    expect((await me()).status).toBe(401); // the ended session stays ended
    expect((await logsOf(target.id)).map((l) => [l.action, l.details, l.actorId])).toEqual([
      ["status_changed", "Account deactivated", admin.id],
      ["status_changed", "Account activated", admin.id],
    ]);
  });

  test("deleting removes sessions, connections and tokens; entries about the user are anonymised, entries it wrote as actor keep its id", async () => {
    const [owner, admin, target, other] = [
      await account("owner"),
      await account("admin"),
      await account("moderator"),
      await account("user"),
    ];
    await db.connection.create({ data: { providerName: "google", providerId: `g-${target.id}`, userId: target.id } });
    await db.verification.create({
      data: {
        type: "confirm-email",
        target: target.email,
        tokenHash: `c-${target.id}`,
        userId: target.id,
        expiresAt: new Date(Date.now() + 3600_000),
      },
    });
    expect((await patchUser(target, other.id, { adminNotes: "by the moderator" })).status).toBe(200);
    await db.activityLog.create({ data: { userId: target.id, action: "sign_in" } });

    const response = await deleteUser(admin, target.id);
    expect(await response.json()).toEqual({ message: "User deleted" });
    expect(await db.session.count({ where: { userId: target.id } })).toBe(0);
    expect(await db.connection.count({ where: { userId: target.id } })).toBe(0);
    expect(await db.verification.count({ where: { userId: target.id } })).toBe(0);
    expect(await db.activityLog.count({ where: { userId: target.id } })).toBe(0);
    expect(await logsOf(other.id)).toMatchObject([{ action: "admin_notes_updated", actorId: target.id }]);
    const detail = await (await getUser(owner, other.id)).json();
    expect(detail.activityLogs[0]).toMatchObject({ actorId: target.id, actorName: "a deleted account" });
    expect(await db.activityLog.findFirst({ where: { action: "user_deleted", actorId: admin.id } })).toMatchObject({
      userId: null,
      details: `Deleted user ${target.id} (Moderator)`,
    });
    await expectRefused(await getUser(admin, target.id), 404, "User not found");
  });
});

describe("Export Users (GET /admin/users/export)", () => {
  test("the owner gets the 26 columns in order with quoting and formula cells neutralised; an admin 403", async () => {
    const [owner, admin] = [await account("owner"), await account("admin")];
    const tricky = await account("user", {
      firstName: '=HYPERLINK("http://evil.example","x")',
      lastName: "Smith, Jr.",
      address: "1 Main St\nApt 2",
      adminNotes: 'Said "hello"',
      city: "@Home",
      phone: "+1 555 0100",
      primaryIssues: ["Housing", "Education"],
    });
    const response = await call(exportRoute.loader, request("GET", "/admin/users/export", owner.cookie));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="users_export_${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    const text = await response.text();
    const [header] = text.split("\r\n");
    expect(header.split(",")).toEqual([
      "ID",
      "Email",
      "First Name",
      "Last Name",
      "Role",
      "Active",
      "Created At",
      "Updated At",
      "Last Login",
      "Phone",
      "Address",
      "City",
      "State",
      "Zip Code",
      "Country",
      "Timezone",
      "Political Affiliation",
      "Voting Frequency",
      "Primary Issues",
      "Government Trust",
      "News Consumption",
      "Political Engagement",
      "Preferred Sources",
      "Email Confirmed",
      "Auth Method",
      "Admin Notes",
    ]);
    const line = text.split("\r\n").find((l) => l.startsWith(tricky.id))!;
    expect(line).toBe(
      [
        tricky.id,
        tricky.email,
        `"'=HYPERLINK(""http://evil.example"",""x"")"`,
        `"Smith, Jr."`,
        "user",
        "true",
        tricky.createdAt.toISOString(),
        (await db.user.findUniqueOrThrow({ where: { id: tricky.id } })).updatedAt.toISOString(),
        "",
        "'+1 555 0100",
        `"1 Main St\nApt 2"`,
        "'@Home",
        "",
        "",
        "",
        "",
        "",
        "",
        "Housing; Education",
        "",
        "",
        "",
        "",
        "false",
        "password",
        `"Said ""hello"""`,
      ].join(","),
    );
    await expectRefused(await call(exportRoute.loader, request("GET", "/admin/users/export", admin.cookie)), 403, /Forbidden/);
    expect((await call(exportRoute.loader, request("GET", "/admin/users/export"))).status).toBe(401);
  });
});

describe("a role that may not change accounts learns nothing about which exist", () => {
  const pageRoute = import("~/routes/admin.users.$id");
  const postForm = async (as: { cookie: string }, id: string, fields: Record<string, string>) =>
    call(
      (await pageRoute).action,
      new Request(`http://localhost/admin/users/${id}`, {
        method: "POST",
        headers: { Cookie: as.cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      }),
      { id },
    );

  test("a moderator's delete, status change or role change is 403 for a real id and a missing one alike", async () => {
    const [moderator, patriot] = [await account("moderator"), await account("user")];
    for (const id of [patriot.id, "no-such-user"]) {
      await expectRefused(await deleteUser(moderator, id), 403, /Forbidden/);
      await expectRefused(await setStatus(moderator, id, { isActive: false }), 403, /Forbidden/);
      await expectRefused(await patchUser(moderator, id, { role: "admin" }), 403, /Forbidden/);
      // The page's action answers with data() and its status, which Remix sends as the response.
      const page = (await postForm(moderator, id, { intent: "delete" })) as unknown as {
        init: { status: number };
        data: { message: string };
      };
      expect([page.init.status, page.data.message]).toEqual([403, "Forbidden: your role does not allow this."]);
    }
    expect(await db.user.findUnique({ where: { id: patriot.id }, select: { isActive: true, role: true } })).toEqual({
      isActive: true,
      role: "user",
    });
  });
});

describe("ownership is transferred, not given", () => {
  const { transferOwnership } = adminUsers;
  const withPassword = async (role: Role, extra: Record<string, unknown> = {}) => {
    const user = await account(role, { emailConfirmed: true, ...extra });
    await db.password.create({ data: { userId: user.id, hash: "not-a-real-hash" } });
    return user;
  };

  test("the owner hands ownership to a confirmed account with a password, once it is typed; the owner becomes an admin", async () => {
    const [owner, heir] = [await withPassword("owner"), await withPassword("admin")];
    const actor = { id: owner.id, role: "owner" as const };
    await expect(transferOwnership(db, actor, heir.id, "someone-else@example.org")).rejects.toThrow(
      "Type the account's email exactly to confirm.",
    );
    expect((await db.user.findUniqueOrThrow({ where: { id: heir.id } })).role).toBe("admin");

    await transferOwnership(db, actor, heir.id, heir.email.toUpperCase());
    const roles = await db.user.findMany({ where: { id: { in: [owner.id, heir.id] } }, select: { id: true, role: true } });
    expect(Object.fromEntries(roles.map((r) => [r.id, r.role]))).toEqual({ [owner.id]: "admin", [heir.id]: "owner" });
    expect((await logsOf(owner.id)).at(-1)?.details).toBe(`Ownership transferred to ${heir.email}: role changed from Owner to Admin`);
  });

  test("no transfer to an account that cannot sign in, nor by anyone but the owner; the role field never makes an owner", async () => {
    const owner = await withPassword("owner");
    const actor = { id: owner.id, role: "owner" as const };
    const unconfirmed = await account("user"); // no password, email not confirmed
    await expect(transferOwnership(db, actor, unconfirmed.id, unconfirmed.email)).rejects.toThrow(
      "Ownership goes only to an active account with a confirmed email and a password.",
    );
    const admin = await withPassword("admin");
    const heir = await withPassword("user");
    await expect(transferOwnership(db, { id: admin.id, role: "admin" }, heir.id, heir.email)).rejects.toThrow(/Forbidden/);
    await expectRefused(await patchUser(owner, heir.id, { role: "owner" }), 403, /Ownership is transferred, not given/);
    expect((await db.user.findUniqueOrThrow({ where: { id: heir.id } })).role).toBe("user");
  });

  test("sending an owner's unchanged role with a name edit is refused for the edit, not as a role change", async () => {
    const [owner, other] = [await withPassword("owner"), await withPassword("owner")];
    await expectRefused(
      await patchUser(owner, other.id, { role: "owner", firstName: "New" }),
      403,
      "Owner accounts are not edited here: each owner edits their own details on My Profile.",
    );
  });
});
