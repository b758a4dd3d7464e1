// /admin/users/{id}: the four tabs, Edit / Save Changes / Cancel, a role
// change, admin notes, Resend, the status switch ending the user's session, Delete with its
// confirmation, the owner's transfer of ownership with a typed confirmation, and what moderators
// and admins may not do (the server refuses them too), with JavaScript on and off.
import type { Page } from "@playwright/test";
import { createSession } from "~/auth/session.server";
import { db } from "~/db.server";
import { createAccount, emailTo, expect, test } from "./fixtures";

/** A crafted form POST to the page's action, as a browser without the buttons could send it. */
const post = (page: Page, id: string, form: Record<string, string>) => page.request.post(`/admin/users/${id}`, { form });

test("an admin reads the four tabs, edits and saves, cancels, changes the role, edits notes and resends the confirmation", async ({
  page,
  signInAs,
  visit,
}) => {
  test.slow(); // a long flow over many pages
  const admin = await createAccount({ role: "admin", firstName: "Ada", lastName: "Admin" });
  const target = await createAccount({
    firstName: "Fannie",
    lastName: "Townsend",
    emailConfirmed: false,
    emailConfirmedAt: null,
    politicalAffiliation: "independent",
    votingFrequency: "every-election",
    primaryIssues: ["Housing", "Healthcare"],
  });
  await signInAs(admin.email);
  await visit(`/admin/users/${target.id}`);
  await expect(page.getByRole("heading", { name: "Fannie Townsend" })).toBeVisible();
  await expect(page.getByRole("link", { name: "← Back to Users" })).toHaveAttribute("href", "/admin/users");
  await expect(page.getByText("Unverified")).toBeVisible();
  await expect(page.getByText(target.id)).toBeVisible();
  await expect(page.getByRole("link", { name: "Details" })).toHaveAttribute("aria-current", "page");

  await page.getByRole("link", { name: "Political Profile" }).click();
  await expect(page).toHaveURL(/tab=political/);
  await expect(page.getByText("Independent")).toBeVisible();
  await expect(page.getByText("Every election")).toBeVisible();
  await expect(page.getByText("Housing, Healthcare")).toBeVisible();
  await page.getByRole("link", { name: "Activity" }).click();
  await expect(page.getByText("No activity logs available")).toBeVisible();
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByText("Standard User")).toBeVisible();
  await expect(page.getByText("Email/Password")).toBeVisible();

  // Edit, Save Changes
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await expect(page).toHaveURL(/edit=1/);
  await visit(page.url());
  await page.getByLabel("Phone").fill("555-0100");
  await page.getByLabel("City").fill("Ruleville");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByTestId("toast")).toContainText("User updated");
  await expect(page.getByText("555-0100")).toBeVisible();
  await expect(page.getByText("Ruleville")).toBeVisible();

  // Edit, Cancel: nothing changes
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await page.getByLabel("City").fill("Nowhere");
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByText("Ruleville")).toBeVisible();
  await expect(page.getByText("Nowhere")).toHaveCount(0);

  // A bad value keeps what was typed and says what is wrong
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await page.getByLabel("Profile Image URL").fill("not a url");
  await page.getByLabel("City").fill("Drew");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Please enter a valid URL")).toBeVisible();
  await expect(page.getByLabel("City")).toHaveValue("Drew");

  // Role change (Admin is not offered: only owners promote to admin)
  await page.getByRole("link", { name: "Cancel" }).click();
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await expect(page.getByLabel("Role").locator("option")).toHaveText(["Patriot", "Moderator"]);
  await page.getByLabel("Role").selectOption("moderator");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByTestId("toast")).toContainText("User updated");
  await expect(page.locator("main header").getByText("Moderator", { exact: true })).toBeVisible();

  // Admin notes: edit and save, edit and cancel
  await page.getByRole("link", { name: "Edit Notes" }).click();
  await page.getByLabel("Admin notes").fill("Helps with voter registration drives.");
  await page.getByRole("button", { name: "Save Notes" }).click();
  await expect(page.getByTestId("toast")).toContainText("Notes updated");
  await expect(page.getByTestId("admin-notes")).toHaveText("Helps with voter registration drives.");
  await page.getByRole("link", { name: "Edit Notes" }).click();
  await page.getByLabel("Admin notes").fill("Discard me");
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByTestId("admin-notes")).toHaveText("Helps with voter registration drives.");

  // Resend the confirmation email
  await page.getByRole("button", { name: "Resend" }).click();
  await expect(page.getByTestId("toast")).toContainText("Email sent");
  await emailTo(target.email, "Confirm your Civic Atlas account");

  // Every staff action is in the activity log, naming the actor
  await page.getByRole("link", { name: "Activity" }).click();
  const rows = page.getByRole("table", { name: "Recent activity" }).locator("tbody tr");
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText("Confirmation resent");
  await expect(rows.nth(1)).toContainText("Admin notes updated");
  await expect(rows.nth(2)).toContainText("Role changed from Patriot to Moderator by Ada Admin");
  await expect(rows.nth(3)).toContainText("Changed phone, city by Ada Admin");
  await expect(rows.nth(3)).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM)/);
});

test("deactivating a user refuses their open session at once; activating restores the account", async ({
  page,
  browser,
  baseURL,
  signInAs,
  visit,
}) => {
  const target = await createAccount({ firstName: "Rosa" });
  // The target is signed in in a browser of their own.
  const theirs = await browser.newContext();
  const { cookie } = await createSession(target.id);
  const [name, value] = cookie.split(";")[0].split("=");
  await theirs.addCookies([{ name, value, url: baseURL!, httpOnly: true, sameSite: "Lax" }]);
  const theirPage = await theirs.newPage();
  await theirPage.goto("/profile");
  await expect(theirPage.getByRole("heading", { name: "My Profile" })).toBeVisible();

  await signInAs((await createAccount({ role: "admin" })).email);
  await visit(`/admin/users/${target.id}?tab=settings`);
  const status = page.getByRole("switch", { name: "Account active" });
  await expect(status).toHaveAttribute("aria-checked", "true");
  await status.click();
  await expect(page.getByTestId("toast")).toContainText("Status updated");
  await expect(page.getByRole("switch", { name: "Account active" })).toHaveAttribute("aria-checked", "false");
  await expect(page.locator("main header").getByText("Inactive")).toBeVisible();

  await theirPage.goto("/profile");
  await expect(theirPage.getByRole("heading", { name: "Access Required" })).toBeVisible();
  expect((await theirPage.request.get("/api/auth/user")).status()).toBe(401);
  await theirs.close();

  await page.getByRole("switch", { name: "Account active" }).click();
  await expect(page.getByRole("switch", { name: "Account active" })).toHaveAttribute("aria-checked", "true");
  expect((await db.user.findUniqueOrThrow({ where: { id: target.id } })).isActive).toBe(true);
});

test("Delete asks first; Cancel keeps the user; Delete removes them with their sessions and goes to the list", async ({
  page,
  signInAs,
  visit,
}) => {
  const target = await createAccount({ firstName: "Medgar", lastName: "Evers" });
  await createSession(target.id);
  await db.connection.create({ data: { providerName: "github", providerId: `gh-${target.id}`, userId: target.id } });
  await signInAs((await createAccount({ role: "admin" })).email);
  await visit(`/admin/users/${target.id}`);

  await page.getByRole("link", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete User" });
  await expect(dialog).toContainText("Are you sure you want to delete this user? This action cannot be undone.");
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Medgar Evers" })).toBeVisible();

  await page.getByRole("link", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete User" }).getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByTestId("toast")).toContainText("User deleted");
  expect(await db.user.findUnique({ where: { id: target.id } })).toBeNull();
  expect(await db.session.count({ where: { userId: target.id } })).toBe(0);
  expect(await db.connection.count({ where: { userId: target.id } })).toBe(0);

  const gone = await page.goto(`/admin/users/${target.id}`);
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "User not found" })).toBeVisible();
});

test("a moderator reads a user and writes notes; the status is read-only; Edit and Delete are neither shown nor accepted", async ({
  page,
  signInAs,
  visit,
}) => {
  const target = await createAccount({ firstName: "Bayard" });
  await signInAs((await createAccount({ role: "moderator" })).email);
  await visit(`/admin/users/${target.id}`);
  await expect(page.getByRole("heading", { name: "Bayard" })).toBeVisible();
  await expect(page.getByRole("link", { name: "← Back to Dashboard" })).toHaveAttribute("href", "/admin");
  await expect(page.getByRole("link", { name: "Edit", exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Delete" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Resend" })).toHaveCount(0);

  await page.getByRole("link", { name: "Edit Notes" }).click();
  await page.getByLabel("Admin notes").fill("Called about a wrong phone number.");
  await page.getByRole("button", { name: "Save Notes" }).click();
  await expect(page.getByTestId("toast")).toContainText("Notes updated");
  await expect(page.getByTestId("admin-notes")).toHaveText("Called about a wrong phone number.");

  await page.getByRole("link", { name: "Political Profile" }).click();
  await expect(page.getByText("Political profile not completed during registration")).toBeVisible();
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("switch", { name: "Account active" })).toHaveAttribute("aria-disabled", "true");
  await expect(page.getByText("Only admins can change the account status.")).toBeVisible();
  await visit(`/admin/users/${target.id}?edit=1`);
  await expect(page.getByRole("button", { name: "Save Changes" })).toHaveCount(0);

  const attempts: Record<string, string>[] = [
    { intent: "status", isActive: "false" },
    { intent: "delete" },
    { intent: "update", email: target.email, firstName: "Changed" },
    { intent: "resend" },
  ];
  for (const form of attempts) {
    const refused = await post(page, target.id, form);
    expect(refused.status(), form.intent).toBe(403);
    expect(await refused.text()).toContain("Forbidden: your role does not allow this.");
  }
  expect(await db.user.findUniqueOrThrow({ where: { id: target.id } })).toMatchObject({ firstName: "Bayard", isActive: true });
});

test("an admin may not edit, deactivate or delete an owner, nor deactivate, delete or demote themselves", async ({
  page,
  signInAs,
  visit,
}) => {
  const owner = await createAccount({ role: "owner", firstName: "Olive" });
  const admin = await createAccount({ role: "admin", firstName: "Abe" });
  await signInAs(admin.email);

  await visit(`/admin/users/${owner.id}?tab=settings`);
  await expect(page.getByRole("link", { name: "Edit", exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Delete" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Edit Notes" })).toHaveCount(0);
  await expect(page.getByText("Owner accounts cannot be deactivated or deleted.")).toBeVisible();
  const edit = await post(page, owner.id, { intent: "update", email: owner.email, firstName: "Changed" });
  expect(edit.status()).toBe(403);
  expect(await edit.text()).toContain("Admins cannot modify owner accounts.");
  expect((await post(page, owner.id, { intent: "status", isActive: "false" })).status()).toBe(403);
  expect((await post(page, owner.id, { intent: "delete" })).status()).toBe(403);

  await visit(`/admin/users/${admin.id}?tab=settings`);
  await expect(page.getByText("Nobody can deactivate their own account.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Delete" })).toHaveCount(0);
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await expect(page.getByLabel("Role")).toHaveCount(0); // nothing to choose: no self-demotion, no self-promotion
  await expect(page.getByText("Role: Admin")).toBeVisible();
  const demote = await post(page, admin.id, { intent: "update", email: admin.email, role: "user" });
  expect(demote.status()).toBe(403);
  expect(await demote.text()).toContain("No self-demotion: nobody can lower their own role.");
  const selfDelete = await post(page, admin.id, { intent: "delete" });
  expect(await selfDelete.text()).toContain("No self-delete: nobody can delete their own account.");
  expect(selfDelete.status()).toBe(403);
  expect(await db.user.findUniqueOrThrow({ where: { id: admin.id } })).toMatchObject({ role: "admin", isActive: true });
  expect(await db.user.findUniqueOrThrow({ where: { id: owner.id } })).toMatchObject({ firstName: "Olive", isActive: true });
});

test("the owner promotes a user to admin; an owner account stays read-only, even to an owner, except for notes", async ({
  page,
  signInAs,
  visit,
}) => {
  const owner = await createAccount({ role: "owner", firstName: "Olivia", lastName: "Owner" });
  const otherOwner = await createAccount({ role: "owner", firstName: "Otto" });
  const target = await createAccount({ firstName: "Diane" });
  await signInAs(owner.email);

  await visit(`/admin/users/${target.id}?edit=1`);
  await expect(page.getByLabel("Role").locator("option")).toHaveText(["Patriot", "Moderator", "Admin"]);
  await page.getByLabel("Role").selectOption("admin");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByTestId("toast")).toContainText("User updated");
  await expect(page.locator("main header").getByText("Admin", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Delete" })).toBeVisible(); // owners may delete admins

  await visit(`/admin/users/${otherOwner.id}?tab=settings`);
  await expect(page.getByRole("link", { name: "Edit", exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Delete" })).toHaveCount(0);
  await expect(page.getByText("Owner accounts cannot be deactivated or deleted.")).toBeVisible();
  const refused = await post(page, otherOwner.id, { intent: "update", email: otherOwner.email, role: "admin" });
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toMatch(/The owner(&#x27;|')s role cannot be changed\./);
  await page.getByRole("link", { name: "Details" }).click();
  await page.getByRole("link", { name: "Edit Notes" }).click();
  await page.getByLabel("Admin notes").fill("Co-founder.");
  await page.getByRole("button", { name: "Save Notes" }).click();
  await expect(page.getByTestId("toast")).toContainText("Notes updated");
  expect(await db.user.findUniqueOrThrow({ where: { id: otherOwner.id } })).toMatchObject({ role: "owner", adminNotes: "Co-founder." });
});

test("a missing user reads User not found; an unknown tab is a 400", async ({ page, signInAs, visit }) => {
  await signInAs((await createAccount({ role: "admin" })).email);
  const missing = await page.goto("/admin/users/no-such-user");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "User not found" })).toBeVisible();
  await visit("/admin/users/no-such-user");
  const target = await createAccount();
  const bad = await page.goto(`/admin/users/${target.id}?tab=secrets`);
  expect(bad?.status()).toBe(400);
  await expect(page.getByText("tab must be details, political, activity or settings.")).toBeVisible();
});

test("the owner transfers ownership with a typed confirmation and becomes an admin; a wrong email keeps what was typed", async ({
  page,
  signInAs,
  visit,
}) => {
  const owner = await createAccount({ role: "owner" });
  const heir = await createAccount({ firstName: "Hera", password: { create: { hash: "not-a-real-hash" } } });
  const unconfirmed = await createAccount({ emailConfirmed: false });
  await signInAs(owner.email);

  await visit(`/admin/users/${unconfirmed.id}?tab=settings`);
  await expect(page.getByText("Ownership goes only to an active account with a confirmed email and a password.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Transfer ownership" })).toHaveCount(0);

  await visit(`/admin/users/${heir.id}?tab=settings`);
  const confirm = page.getByLabel(`Type ${heir.email} to confirm`);
  await confirm.fill("hera@example.org");
  await page.getByRole("button", { name: "Transfer ownership" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Type the account's email exactly to confirm." })).toBeVisible();
  await expect(page.getByLabel(`Type ${heir.email} to confirm`)).toHaveValue("hera@example.org");
  expect((await db.user.findUniqueOrThrow({ where: { id: heir.id } })).role).toBe("user");

  await page.getByLabel(`Type ${heir.email} to confirm`).fill(heir.email);
  await page.getByRole("button", { name: "Transfer ownership" }).click();
  await expect(page.getByTestId("toast")).toContainText("Ownership transferred");
  const roles = await db.user.findMany({ where: { id: { in: [owner.id, heir.id] } }, select: { id: true, role: true } });
  expect(Object.fromEntries(roles.map((r) => [r.id, r.role]))).toEqual({ [owner.id]: "admin", [heir.id]: "owner" });
  await expect(page.getByRole("button", { name: "Transfer ownership" })).toHaveCount(0); // an admin now
});
