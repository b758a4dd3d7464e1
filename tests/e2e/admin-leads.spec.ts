// Lead management with JavaScript on and off: who may open the page,
// the four stat cards, search, paging with the filters kept, Edit Lead (with a refused email that
// keeps what was typed), Convert through to the set-password email, and Delete with its
// confirmation. Every test makes its own staff account and its own leads.
import type { Page } from "@playwright/test";
import { db } from "~/db.server";
import { ONLY_THEY_RESUBSCRIBE } from "~/lib/leads";
import { createAccount, emailTo, expect, test } from "./fixtures";

let leads = 0;
/** A lead owned by the calling test, with a unique email and a unique last name to search for. */
function createLead(data: { firstName?: string; lastName?: string; status?: string; source?: string; createdAt?: Date } = {}) {
  const tag = `${test.info().project.name.replace("-", "")}${process.pid}x${Date.now()}x${++leads}`;
  return db.lead.create({ data: { email: `lead-${tag}@example.org`, firstName: "Ella", lastName: `Baker${tag}`, ...data } });
}

const rowOf = (page: Page, email: string) => page.getByRole("table", { name: "Leads" }).locator("tbody tr").filter({ hasText: email });

async function statsShown(page: Page) {
  const read = async (label: string) => {
    const text = await page.getByTestId("lead-stat").filter({ hasText: label }).locator("span").nth(1).textContent();
    return Number(text!.replace(/,/g, ""));
  };
  return {
    total: await read("Total Leads"),
    converted: await read("Converted"),
    active: await read("Active"),
    thisMonth: await read("This Month"),
  };
}

test("access: signed out gets the log-in message, a moderator the denial with their role, a patriot is sent home", async ({
  page,
  context,
  signInAs,
  visit,
}) => {
  test.slow(); // several pages, each checked by axe
  const lead = await createLead();
  await visit("/admin/leads");
  await expect(page.getByText("Please log in to access Lead Management.")).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  await page.getByRole("link", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Fadmin%2Fleads$/);

  await signInAs((await createAccount({ role: "moderator" })).email);
  await visit("/admin/leads");
  await expect(page.getByText("Access denied. Admin privileges required.")).toBeVisible();
  await expect(page.getByTestId("current-role")).toHaveText("Your role: Moderator");
  await expect(page.getByRole("alert")).toContainText("You need admin privileges to access lead management.");
  await expect(page.getByTestId("lead-stat")).toHaveCount(0);
  await expect(page.getByText(lead.email)).toHaveCount(0);
  // The server refuses a moderator's change whatever the page shows.
  const refused = await page.request.post("/admin/leads", { form: { intent: "delete", id: String(lead.id) }, maxRedirects: 0 });
  expect(refused.status()).toBe(403);
  expect(await db.lead.findUnique({ where: { id: lead.id } })).not.toBeNull();

  await context.clearCookies();
  await signInAs((await createAccount({ role: "user" })).email);
  await page.goto("/admin/leads");
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByTestId("toast")).toContainText("You need admin privileges to access lead management.");

  await context.clearCookies();
  await signInAs((await createAccount({ role: "admin" })).email);
  await visit(`/admin/leads?search=${encodeURIComponent(lead.email)}`);
  await expect(page.getByRole("heading", { name: "Lead Management" })).toBeVisible();
  await expect(page.getByTestId("lead-stat")).toHaveCount(4);
  await expect(rowOf(page, lead.email)).toContainText("Active");
});

test("the stat cards count the test's leads: Total, Converted, Active, This Month", async ({ page, signInAs }) => {
  test.slow(); // an attempt disturbed by another test is made again
  await signInAs((await createAccount({ role: "admin" })).email);
  const now = new Date();
  const monthStart = new Date(now.getFullYear(), now.getMonth(), 1); // the server's calendar month, as here
  // Other tests add, convert and delete leads at the same time; an attempt they disturb removes its
  // leads and is made again, so the increase checked is exactly this test's.
  await expect(async () => {
    await page.goto("/admin/leads?search=no-such-lead-at-all");
    const before = await statsShown(page);
    const mine = await Promise.all([
      createLead({ status: "active", createdAt: now }),
      createLead({ status: "converted", createdAt: monthStart }),
      createLead({ status: "unsubscribed", createdAt: new Date(monthStart.getTime() - 1) }),
      createLead({ status: "active", createdAt: new Date(monthStart.getTime() - 40 * 86_400_000) }),
    ]);
    try {
      await page.reload();
      expect(await statsShown(page)).toEqual({
        total: before.total + 4,
        converted: before.converted + 1,
        active: before.active + 2,
        thisMonth: before.thisMonth + 2,
      });
    } catch (error) {
      await db.lead.deleteMany({ where: { id: { in: mine.map((l) => l.id) } } });
      throw error;
    }
  }).toPass({ timeout: 60_000 });
});

test("search by name or email, with the status filter and the empty state", async ({ page, signInAs, visit }) => {
  test.slow(); // several pages, each checked by axe
  await signInAs((await createAccount({ role: "admin" })).email);
  const first = await createLead({ firstName: "Septima", source: "event" });
  const second = await createLead({ firstName: "Septima", lastName: first.lastName!, status: "unsubscribed" });
  await visit("/admin/leads");
  const rows = page.getByRole("table", { name: "Leads" }).locator("tbody tr");

  await page.getByLabel("Search by name or email").fill(first.lastName!);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(rows).toHaveCount(2);
  await expect(rowOf(page, first.email)).toContainText(`Septima ${first.lastName}`);
  await expect(rowOf(page, first.email)).toContainText("Event");
  await expect(rowOf(page, second.email)).toContainText("Unsubscribed");
  await expect(page.getByRole("columnheader", { name: "Created" })).toBeVisible();
  await expect(rowOf(page, first.email).locator("time")).toHaveAttribute("title", "Eastern Time (America/New_York)");

  await page.getByLabel("Status").selectOption("unsubscribed");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(second.email);

  await page.getByLabel("Status").selectOption("");
  await page.getByLabel("Search by name or email").fill(first.email);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(first.email)}`));
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(first.email);

  await page.getByLabel("Search by name or email").fill(`nobody-${first.lastName}`);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No leads found")).toBeVisible();
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/admin\/leads$/);
});

test("paging: 50 leads a page, Next and Previous keep the search and the status filter in the address", async ({
  page,
  signInAs,
  visit,
}) => {
  test.slow(); // three pages of up to 50 rows, the first checked by axe
  await signInAs((await createAccount({ role: "admin" })).email);
  // The test's own 53 leads under one unique name, a minute apart, newest first: 0 on top, 52 last.
  const tag = `Paged${test.info().project.name.replace("-", "")}${process.pid}x${Date.now()}`;
  const now = Date.now();
  await db.lead.createMany({
    data: Array.from({ length: 53 }, (_, i) => ({
      email: `lead-${tag}-${i}@example.org`.toLowerCase(),
      firstName: "Page",
      lastName: tag,
      status: i === 1 ? "unsubscribed" : "active",
      createdAt: new Date(now - i * 60_000),
    })),
  });
  const email = (i: number) => `lead-${tag}-${i}@example.org`.toLowerCase();
  await visit(`/admin/leads?search=${tag}&status=active`);
  const rows = page.getByRole("table", { name: "Leads" }).locator("tbody tr");
  const pages = page.getByRole("navigation", { name: "Pages" });
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toContainText(email(0));
  await expect(pages.getByRole("link", { name: "Previous" })).toHaveCount(0);

  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/after=/);
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  await expect(page).toHaveURL(/status=active/);
  await expect(rows).toHaveCount(2); // 52 active leads: 50, then 2
  await expect(rows.first()).toContainText(email(51));
  await expect(rows.last()).toContainText(email(52));
  await expect(pages.getByRole("link", { name: "Next" })).toHaveCount(0);
  await expect(page.getByLabel("Search by name or email")).toHaveValue(tag);

  await pages.getByRole("link", { name: "Previous" }).click();
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toContainText(email(0));
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  await expect(page).toHaveURL(/status=active/);
  await expect(page.getByText(email(1))).toHaveCount(0); // the unsubscribed one stays filtered out
});

test("Edit Lead: the changes are saved; a taken email is refused on the field and what was typed stays", async ({
  page,
  signInAs,
  visit,
}) => {
  test.slow(); // several pages, each checked by axe
  await signInAs((await createAccount({ role: "admin" })).email);
  const lead = await createLead({ firstName: "Fannie" });
  const other = await createLead();
  await visit(`/admin/leads?search=${encodeURIComponent(lead.lastName!)}`);
  await rowOf(page, lead.email).getByRole("link", { name: "Edit" }).click();
  await expect(page).toHaveURL(new RegExp(`edit=${lead.id}`));
  const dialog = page.getByRole("dialog", { name: "Edit Lead" });
  await expect(dialog.getByLabel("Email")).toHaveValue(lead.email);
  await expect(dialog.getByLabel("Status").locator("option")).toHaveText(["Select…", "Active", "Unsubscribed"]);

  await dialog.getByLabel("First name").fill("Fannie Lou");
  await dialog.getByLabel("City").fill("Ruleville");
  await dialog.getByLabel("Political affiliation").selectOption("Independent");
  await dialog.getByLabel("Status").selectOption("unsubscribed");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByTestId("toast")).toContainText("Lead updated successfully");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(lead.lastName!)}$`));
  await expect(rowOf(page, lead.email)).toContainText(`Fannie Lou ${lead.lastName}`);
  await expect(rowOf(page, lead.email)).toContainText("Unsubscribed");
  expect(await db.lead.findUniqueOrThrow({ where: { id: lead.id } })).toMatchObject({
    city: "Ruleville",
    politicalAffiliation: "Independent",
  });

  await rowOf(page, lead.email).getByRole("link", { name: "Edit" }).click();
  await expect(dialog.getByLabel("City")).toHaveValue("Ruleville");
  // Unsubscribed now: only the person can subscribe again, so staff get no status choice.
  await expect(dialog.getByText(ONLY_THEY_RESUBSCRIBE)).toBeVisible();
  await expect(dialog.getByLabel("Status")).toHaveCount(0);
  await dialog.getByLabel("Email").fill(other.email);
  await dialog.getByLabel("Occupation").fill("Sharecropper");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Error");
  await expect(dialog.getByRole("alert")).toContainText("Another lead already has this email address.");
  await expect(dialog.getByText("Another lead already has this email address.").nth(1)).toBeVisible(); // on the field too
  await expect(dialog.getByLabel("Email")).toHaveValue(other.email);
  await expect(dialog.getByLabel("Occupation")).toHaveValue("Sharecropper");
  expect(await db.lead.findUniqueOrThrow({ where: { id: lead.id } })).toMatchObject({ email: lead.email, occupation: null });
});

test("Convert: the lead becomes a user who gets the set-password email; Convert is no longer offered", async ({
  page,
  signInAs,
  visit,
}) => {
  test.slow(); // several pages, each checked by axe
  await signInAs((await createAccount({ role: "admin" })).email);
  const lead = await createLead({ firstName: "Diane" });
  await visit(`/admin/leads?search=${encodeURIComponent(lead.email)}`);
  await rowOf(page, lead.email).getByRole("button", { name: "Convert" }).click();
  await expect(page.getByTestId("toast")).toContainText("Lead converted to user successfully");
  await expect(rowOf(page, lead.email)).toContainText("Converted");
  await expect(rowOf(page, lead.email).getByRole("button", { name: "Convert" })).toHaveCount(0);

  const message = await emailTo(lead.email, "set your password");
  expect(message.text).toContain("/reset-password?token=");
  const user = await db.user.findUniqueOrThrow({ where: { email: lead.email } });
  expect(await db.lead.findUniqueOrThrow({ where: { id: lead.id } })).toMatchObject({ status: "converted", convertedUserId: user.id });

  // A converted lead's edit form keeps its status and offers no way back.
  await rowOf(page, lead.email).getByRole("link", { name: "Edit" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Lead" });
  await expect(dialog.getByLabel("Status")).toHaveCount(0);
  await expect(dialog.getByText("Converted")).toBeVisible();
});

test("Delete asks first; Cancel keeps the lead, Delete removes it", async ({ page, signInAs, visit }) => {
  test.slow(); // several pages, each checked by axe
  await signInAs((await createAccount({ role: "admin" })).email);
  const lead = await createLead();
  await visit(`/admin/leads?search=${encodeURIComponent(lead.email)}`);
  await rowOf(page, lead.email).getByRole("link", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete Lead" });
  await expect(dialog).toContainText("Are you sure you want to delete this lead? This action cannot be undone.");
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(rowOf(page, lead.email)).toBeVisible();

  await rowOf(page, lead.email).getByRole("link", { name: "Delete" }).click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("toast")).toContainText("Lead deleted successfully");
  await expect(page.getByText("No leads found")).toBeVisible();
  expect(await db.lead.findUnique({ where: { id: lead.id } })).toBeNull();
});
