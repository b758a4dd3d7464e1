// The staff entry: the dashboard per role, the refusals, the user
// list with search, filters and pages, Add User through to the new user's first sign-in, the
// permissions matrix and the owner's CSV export, with JavaScript on and off.
import { readFileSync } from "node:fs";
import { db } from "~/db.server";
import { linkIn } from "../support/smtp-sink";
import { createAccount, emailTo, expect, test } from "./fixtures";

const project = () => test.info().project.name;

test("the dashboard: the owner and admins see the stats and every card; moderators only Data Management and Data Updates", async ({
  page,
  context,
  signInAs,
  visit,
}) => {
  test.slow(); // many pages, each checked by axe
  for (const role of ["owner", "admin"] as const) {
    await context.clearCookies();
    await signInAs((await createAccount({ role })).email);
    await visit("/admin");
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    await expect(page.getByTestId("stat")).toHaveCount(6);
    for (const label of ["Total Users", "Admins", "Moderators", "Pending Updates", "Active Crawler Jobs", "Representatives"])
      await expect(page.getByTestId("stat").filter({ hasText: label })).toContainText(/\d/);
    await expect(page.getByRole("link", { name: /^Pending Updates/ })).toHaveAttribute("href", "/admin/data-management?tab=pending");
    for (const [card, href] of [
      ["User Management", "/admin/users"],
      ["Lead Management", "/admin/leads"],
      ["Data Management", "/admin/data-management"],
      ["Data Updates", "/admin/data-updates"],
      ["Contact Messages", "/admin/messages"],
    ])
      await expect(page.getByRole("link", { name: new RegExp(`^${card}`) })).toHaveAttribute("href", href);
    await expect(page.getByTestId("message-counts")).toContainText(/\d+ unhandled, \d+ not delivered to support/);
    await expect(page.getByRole("heading", { name: "Scheduled Jobs" })).toBeVisible();
  }

  await context.clearCookies();
  await signInAs((await createAccount({ role: "moderator" })).email);
  await visit("/admin/dashboard"); // the same screen
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Data Management/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Data Updates/ })).toHaveAttribute("href", "/admin/data-updates");
  await expect(page.getByTestId("stat")).toHaveCount(0);
  for (const hidden of [/^User Management/, /^Lead Management/, /^Contact Messages/])
    await expect(page.getByRole("link", { name: hidden })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Scheduled Jobs" })).toHaveCount(0);
});

test("staff reach the dashboard from the avatar menu and the ribbon; patriots have neither", async ({ page, context, signInAs, visit }) => {
  await signInAs((await createAccount({ role: "moderator", firstName: "Maya" })).email);
  await visit("/");
  await page.locator("summary").filter({ hasText: "Account menu" }).click();
  await page.getByRole("link", { name: "Admin Dashboard" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId("role-ribbon").getByRole("link", { name: "Back to Homepage" })).toHaveAttribute("href", "/");

  await context.clearCookies();
  await signInAs((await createAccount({ role: "user", firstName: "Pat" })).email);
  await visit("/");
  await page.locator("summary").filter({ hasText: "Account menu" }).click();
  await expect(page.getByRole("link", { name: "My Profile" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0);
});

test("the back office refuses visitors, patriots and moderators where the spec says, with its toasts", async ({
  page,
  context,
  signInAs,
}) => {
  const target = await createAccount();
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Fadmin$/);
  await expect(page.getByTestId("toast")).toContainText("You need admin or moderator privileges to access this page.");

  await signInAs((await createAccount({ role: "user" })).email);
  for (const [path, text] of [
    ["/admin", "You need admin or moderator privileges to access this page."],
    ["/admin/users", "You need admin privileges to access user management."],
    [`/admin/users/${target.id}`, "You need admin or moderator privileges to access this page."],
    ["/admin/messages", "You need admin privileges to access this page."],
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(page.getByTestId("toast")).toContainText(text);
  }

  await context.clearCookies();
  await signInAs((await createAccount({ role: "moderator" })).email);
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId("toast")).toContainText("You need admin privileges to access user management.");
  await page.goto("/admin/messages");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId("toast")).toContainText("You need admin privileges to access this page.");
  expect((await page.request.get("/admin/users/export")).status()).toBe(403);
  expect((await page.request.get("/api/admin/users")).status()).toBe(403);
  expect((await page.request.get("/api/admin/stats")).status()).toBe(403);
});

test("the user list: search by name or email, filter by role and status, page through, open a row", async ({ page, signInAs, visit }) => {
  test.slow(); // many pages, each checked by axe
  const tag = `listed${project().replace("-", "")}${Date.now()}`;
  const now = Date.now();
  await db.user.createMany({
    data: Array.from({ length: 26 }, (_, i) => ({
      email: `${tag}-${i}@example.org`,
      firstName: "Listed",
      lastName: tag,
      role: i === 3 ? "moderator" : "user",
      isActive: i !== 4,
      createdAt: new Date(now - i * 60_000), // newest first: 0 on top, 25 last
    })),
  });
  await signInAs((await createAccount({ role: "admin" })).email);
  await visit("/admin/users");
  const rows = page.getByRole("table", { name: "Users" }).locator("tbody tr");

  await page.getByLabel("Search by name or email").fill(`Listed ${tag}`);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("Page 1 of 2 (26 results)")).toBeVisible();
  await expect(rows).toHaveCount(25);
  await expect(rows.first()).toContainText(`${tag}-0@example.org`);
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page.getByText("Page 2 of 2 (26 results)")).toBeVisible();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`${tag}-25@example.org`);
  await page.getByRole("link", { name: "Previous" }).click();
  await expect(page.getByText("Page 1 of 2 (26 results)")).toBeVisible();

  await page.getByLabel("Role").selectOption("moderator");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`${tag}-3@example.org`);
  await expect(rows.first()).toContainText("Moderator");

  await page.getByLabel("Role").selectOption("");
  await page.getByLabel("Status").selectOption("inactive");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Inactive");

  await page.goto(`/admin/users?q=${tag}-7@example.org`);
  await expect(rows).toHaveCount(1);
  await rows
    .first()
    .getByRole("link", { name: `Listed ${tag}` })
    .click();
  const seven = await db.user.findUniqueOrThrow({ where: { email: `${tag}-7@example.org` } });
  await expect(page).toHaveURL(new RegExp(`/admin/users/${seven.id}$`));
  await expect(page.getByRole("heading", { name: `Listed ${tag}` })).toBeVisible();

  await page.goto(`/admin/users?q=nobody-${tag}`);
  await expect(page.getByText("No users found")).toBeVisible();
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
});

test("Add User: the email is required; the new user gets the email, sets a password once and signs in", async ({
  page,
  context,
  signInAs,
  visit,
}) => {
  test.slow(); // many pages, each checked by axe
  await signInAs((await createAccount({ role: "admin" })).email);
  await visit("/admin/users");
  await page.getByRole("link", { name: "Add User" }).click();
  await expect(page).toHaveURL(/add=1/);
  const dialog = page.getByRole("dialog", { name: "Add User" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Role").locator("option")).toHaveText(["Patriot", "Moderator"]); // only owners create admins
  await expect(dialog.getByLabel("Role")).toHaveValue("user");

  await dialog.getByLabel("First name").fill("Claudette");
  await dialog.getByRole("button", { name: "Create User" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Validation Error");
  await expect(dialog.getByRole("alert")).toContainText("Email is required");
  await expect(dialog.getByLabel("First name")).toHaveValue("Claudette");

  const email = `claudette-${project()}-${Date.now()}@example.org`;
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Last name").fill("Colvin");
  await dialog.getByLabel("Role").selectOption("moderator");
  await dialog.getByRole("button", { name: "Create User" }).click();
  await expect(page.getByTestId("toast")).toContainText("User created");
  await expect(page.getByTestId("toast")).toContainText("New user has been created successfully.");
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Claudette Colvin");
  await expect(row).toContainText("Moderator");
  await expect(row).toContainText("Unverified");

  // The same email again is refused with the server's message, and what was typed stays.
  await page.goto("/admin/users?add=1");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("button", { name: "Create User" }).click();
  await expect(dialog.getByRole("alert")).toContainText("A user with this email already exists.");
  await expect(dialog.getByLabel("Email")).toHaveValue(email);

  const message = await emailTo(email, "set your password");
  expect(message.text).toContain("within 7 days");
  await context.clearCookies();
  await page.goto(linkIn(message, "/reset-password?token="));
  await page.locator("input[name=password]").fill("montgomery-1955");
  await page.locator("input[name=confirmPassword]").fill("montgomery-1955");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("montgomery-1955");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByTestId("role-ribbon")).toContainText("MODERATOR MODE");
  expect(await db.user.findUniqueOrThrow({ where: { email } })).toMatchObject({ emailConfirmed: true, role: "moderator" });

  await page.goto(linkIn(message, "/reset-password?token="));
  await expect(page.getByText(/invalid, was already used, or has expired/)).toBeVisible(); // single use
});

test("the permissions matrix dialog shows every role's capabilities and the account rules, as the permissions module enforces them", async ({
  page,
  signInAs,
  visit,
}) => {
  await signInAs((await createAccount({ role: "admin" })).email);
  await visit("/admin/users");
  await page.getByRole("link", { name: "Permissions Matrix" }).click();
  const dialog = page.getByRole("dialog", { name: "Permissions Matrix" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("columnheader")).toHaveText(["Area", "Capability", "Owner", "Admin", "Moderator", "Patriot"]);
  const row = (capability: string) =>
    dialog
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: capability, exact: true }) })
      .getByRole("cell");
  await expect(row("Export")).toHaveText(["User Management", "Yes", "No", "No", "No"]);
  await expect(row("Admin notes")).toHaveText(["Admin features", "Yes", "Yes", "Yes", "No"]);
  await expect(row("View and create data updates")).toHaveText(["Data", "Yes", "Yes", "Yes", "No"]);
  // Moderators open the dashboard (the server lets them in); its stats stay admin data.
  await expect(row("Open the dashboard")).toHaveText(["Admin features", "Yes", "Yes", "Yes", "No"]);
  await expect(row("Dashboard stats and jobs, audit logs")).toHaveText(["Admin features", "Yes", "Yes", "No", "No"]);
  await expect(row("Transfer ownership")).toHaveText(["User Management", "Yes", "No", "No", "No"]);
  for (const note of [
    "Only owners can create admin users.",
    "Admins cannot modify owner accounts.",
    "Only owners can promote to owner or admin.",
    "Owner accounts cannot be deactivated or deleted.",
  ])
    await expect(dialog.getByText(note)).toBeVisible();
  await expect(dialog.getByText(/self-demotion/)).toBeVisible();
  await expect(dialog.getByText(/self-delete/)).toBeVisible();
  await dialog.getByRole("link", { name: "Close" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/users$/);
});

test("the owner exports the users as CSV; the owner may add admins; an admin sees no export and gets 403", async ({
  page,
  context,
  signInAs,
  visit,
}) => {
  test.slow(); // many pages, each checked by axe
  const owner = await createAccount({ role: "owner" });
  const tricky = await createAccount({
    firstName: "=cmd|' /C calc'!A0",
    lastName: "Doe, Jr.",
    phone: "+1 555 0100",
    adminNotes: 'Line one\nSaid "hi"',
  });
  await signInAs(owner.email);
  await visit("/admin/users?add=1");
  await expect(page.getByRole("dialog", { name: "Add User" }).getByLabel("Role").locator("option")).toHaveText([
    "Patriot",
    "Moderator",
    "Admin",
  ]);

  await page.goto("/admin/users");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export Users" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`users_export_${new Date().toISOString().slice(0, 10)}.csv`);
  const csv = readFileSync(await file.path(), "utf8");
  const [header] = csv.split("\r\n");
  expect(header).toBe(
    "ID,Email,First Name,Last Name,Role,Active,Created At,Updated At,Last Login,Phone,Address,City,State,Zip Code,Country,Timezone," +
      "Political Affiliation,Voting Frequency,Primary Issues,Government Trust,News Consumption,Political Engagement,Preferred Sources," +
      "Email Confirmed,Auth Method,Admin Notes",
  );
  expect(header.split(",")).toHaveLength(26);
  const line = csv.split("\r\n").find((l) => l.startsWith(tricky.id))!;
  expect(line).toContain(`,'=cmd|' /C calc'!A0,"Doe, Jr.",user,true,`); // the formula neutralised, the comma quoted
  expect(line).toContain(",'+1 555 0100,");
  expect(line.endsWith(`,true,password,"Line one\nSaid ""hi"""`)).toBe(true);

  await context.clearCookies();
  await signInAs((await createAccount({ role: "admin" })).email);
  await visit("/admin/users");
  await expect(page.getByRole("link", { name: "Add User" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Export Users" })).toHaveCount(0);
  const refused = await page.request.get("/admin/users/export");
  expect(refused.status()).toBe(403);
  expect(await refused.text()).not.toContain(tricky.email);
});

test("Escape closes the Add User dialog, which is modal @js-only", async ({ page, signInAs, visit }) => {
  await signInAs((await createAccount({ role: "admin" })).email);
  await visit("/admin/users");
  await page.getByRole("link", { name: "Add User" }).click();
  const dialog = page.getByRole("dialog", { name: "Add User" });
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((d) => d.matches(":modal"))).toBe(true);
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true); // focus moved into it
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/users$/);
});

test("staff pages show times in the jobs' zone, named on the page and in each time's title", async ({ page, signInAs, visit }) => {
  await signInAs((await createAccount({ role: "admin" })).email);
  const user = await createAccount({
    firstName: "Zona",
    createdAt: new Date("2026-01-02T15:04:00Z"),
    lastLogin: new Date("2026-07-04T16:30:00Z"),
  });
  await visit(`/admin/users?q=${encodeURIComponent(user.email)}`);
  const row = page.getByRole("row").filter({ hasText: user.email });
  await expect(row).toContainText("Jan 2, 2026 10:04 AM EST"); // winter: Eastern Standard Time
  await expect(row).toContainText("Jul 4, 2026 12:30 PM EDT"); // summer: Eastern Daylight Time
  await expect(row.locator("time").first()).toHaveAttribute("title", "Eastern Time (America/New_York)");
  await expect(page.getByText("Times are in Eastern Time (America/New_York).")).toBeVisible();

  await visit(`/admin/users/${user.id}`);
  await expect(page.getByText("Jan 2, 2026 10:04 AM EST")).toBeVisible();
  await expect(page.getByText(/in UTC/)).toHaveCount(0);
});

test("on a 390 px phone the permissions matrix shows every role column, and emails wrap between their parts", async ({
  page,
  signInAs,
  visit,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs((await createAccount({ role: "admin" })).email);
  const user = await createAccount({ email: `a-rather-long-address-${Date.now()}@subdomain.example.org` });
  await visit(`/admin/users?q=${encodeURIComponent(user.email)}`);
  const cell = page.getByRole("row").filter({ hasText: user.email }).getByRole("cell").nth(1);
  await expect(cell).toHaveText(user.email);
  // The address may wrap after "@" and after each dot, never inside a word.
  expect(await cell.innerHTML()).toContain("@<wbr>");

  await page.getByRole("link", { name: "Permissions Matrix" }).click();
  const dialog = page.getByRole("dialog", { name: "Permissions Matrix" });
  for (const role of ["Owner", "Admin", "Moderator", "Patriot"])
    await expect(dialog.getByRole("columnheader", { name: role })).toBeInViewport();
});
