// /admin/data-management/<tab>: tabs and defaults per role, old ?tab= addresses, the States and
// Representatives searches, an admin approving and rejecting a moderator's field changes (with a
// conflict refused), a moderator's Submitted Updates, the Missing Data dialog, and the refusals,
// with JavaScript on and off. The changes are made on officials each test creates (inactive, so no
// public page or staff list shows them); Missing Data only proposes, so it uses a seeded official.
import type { Page } from "@playwright/test";
import { db } from "~/db.server";
import { officeLabel } from "~/lib/officials-order";
import { approveFieldUpdates, rejectFieldUpdates, submitStaffEdit, type FieldValues } from "~/models/data-updates.server";
import { htmlErrors } from "../support/html-validity";
import { createAccount, createOfficial, expect, test } from "./fixtures";

// Each test goes through several staff pages, each checked with axe (longer without JavaScript).
test.beforeEach(() => test.slow());

const PAGE = "/admin/data-management";

/** An official of the test's own (see createOfficial), in Wyoming, with the checkbox label the page gives it. */
async function createWyomingOfficial() {
  const wyoming = await db.state.findUniqueOrThrow({ where: { abbreviation: "WY" } });
  const official = await createOfficial({
    stateId: wyoming.id,
    phone: "202-555-0100",
    email: "old@house.example.gov",
    religion: "Methodist",
  });
  return { ...official, label: `${official.name} (${officeLabel(official.office)}, WY)` };
}

const suggest = (moderator: { id: string }, officialId: number, values: FieldValues) =>
  submitStaffEdit(db, { id: moderator.id, role: "moderator" }, { entityType: "official", entityId: officialId, values });

const tabs = (page: Page) => page.getByRole("navigation", { name: "Data management sections" }).getByRole("link");

test("tabs and defaults: admins open Pending Updates with a count, moderators Submitted Updates with theirs", async ({
  page,
  signInAs,
  visit,
}) => {
  test.slow(); // several pages, each checked with axe
  const moderator = await createAccount({ role: "moderator" });
  const official = await createWyomingOfficial();
  await suggest(moderator, official.id, { phone: "202-555-0111", email: "new@house.example.gov" });

  await signInAs((await createAccount({ role: "admin" })).email);
  await visit(PAGE);
  await expect(page).toHaveURL(new RegExp(`${PAGE}/pending$`));
  await expect(page.getByRole("heading", { name: "Data Management", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "← Back to Dashboard" })).toHaveAttribute("href", "/admin");
  await expect(tabs(page)).toHaveText(["States", "Representatives", /^Pending Updates\s*\d+ pending$/, "Missing Data"]);
  await expect(page.getByRole("link", { name: /^Pending Updates/ })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("checkbox", { name: `Phone of ${official.label}` })).toBeVisible();
  // An admin has no Submitted Updates tab: asking for it opens Pending Updates.
  await page.goto(`${PAGE}/submitted`);
  await expect(page.getByRole("link", { name: /^Pending Updates/ })).toHaveAttribute("aria-current", "page");
  // An address from before each tab had its own still opens that tab, with the rest of its query.
  await visit(`${PAGE}?tab=states&q=vermont`);
  await expect(page).toHaveURL(new RegExp(`${PAGE}/states\\?q=vermont$`));
  await expect(tabs(page).filter({ hasText: /^States$/ })).toHaveAttribute("aria-current", "page");
  await expect(page.getByLabel("Search by name or abbreviation")).toHaveValue("vermont");

  await page.context().clearCookies();
  await signInAs(moderator.email);
  await visit(PAGE);
  await expect(tabs(page)).toHaveText(["States", "Representatives", "Submitted Updates 2 pending", "Missing Data"]);
  await expect(page.getByRole("link", { name: /^Submitted Updates/ })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: "← Back to Dashboard" })).toHaveCount(0);
  // Pending Updates is for admins: a moderator asking for it gets their own default.
  await visit(`${PAGE}/pending`);
  await expect(page).toHaveURL(new RegExp(`${PAGE}/submitted$`));
  await expect(page.getByRole("link", { name: /^Submitted Updates/ })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Pending Submissions" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Approve selected" })).toHaveCount(0);
  // The server refuses a crafted approval too.
  const refused = await page.request.post(`${PAGE}/pending`, { form: { intent: "approve", updateIds: "1" } });
  expect(refused.status()).toBe(403);
  await page.getByRole("link", { name: "Missing Data" }).click();
  await expect(page.getByRole("link", { name: "Missing Data" })).toHaveAttribute("aria-current", "page");
});

test("States: search by name or abbreviation, rows link to the staff state page", async ({ page, signInAs, visit }) => {
  const vermont = await db.state.findUniqueOrThrow({ where: { abbreviation: "VT" } });
  const count = await db.official.count({ where: { stateId: vermont.id, isActive: true } });
  await signInAs((await createAccount({ role: "moderator" })).email);
  await visit(`${PAGE}/states`);
  const search = page.getByLabel("Search by name or abbreviation");
  await search.fill("vermont");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=vermont/);
  const rows = page.getByRole("table", { name: "States" }).locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first().locator("td")).toHaveText(["VT", "Vermont", String(count), vermont.politicalLeaning ?? "Unknown"]);
  await expect(rows.first().getByRole("link", { name: "Vermont" })).toHaveAttribute("href", `/admin/state-detail/${vermont.id}`);

  await page.getByLabel("Search by name or abbreviation").fill("vt");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=vt/);
  await expect(page.getByRole("link", { name: "Vermont" })).toBeVisible();

  await page.getByLabel("Search by name or abbreviation").fill("Atlantis");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=Atlantis/);
  await expect(page.getByText("No records match your search")).toBeVisible();
});

test("Representatives: search, party and state filters, Showing X of Y, the first 50, Clear Filters", async ({ page, signInAs, visit }) => {
  const vermont = await db.official.findMany({
    where: { isActive: true, state: { abbreviation: "VT" } },
    select: { id: true, party: true },
  });
  const party = vermont[0].party;
  const ofParty = vermont.filter((o) => o.party === party).length;
  await signInAs((await createAccount({ role: "moderator" })).email);
  await visit(`${PAGE}/representatives`);
  await expect(page.getByText(/^Showing 50 of \d+$/)).toBeVisible();
  await expect(page.getByText("Showing first 50 results. Use search to narrow down.")).toBeVisible();
  await expect(page.getByLabel("Party").locator("option").first()).toHaveText("All Parties");
  await expect(page.getByLabel("State", { exact: true }).locator("option").first()).toHaveText("All States");

  await page.getByLabel("State", { exact: true }).selectOption("VT");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText(`Showing ${vermont.length} of ${vermont.length}`)).toBeVisible();
  await expect(page.getByText("Showing first 50 results. Use search to narrow down.")).toHaveCount(0);
  const rows = page.getByRole("table", { name: "Representatives" }).locator("tbody tr");
  await expect(rows).toHaveCount(vermont.length);
  await expect(rows.first().getByRole("link")).toHaveAttribute("href", /^\/admin\/representative-detail\/\d+$/);

  await page.getByLabel("Party").selectOption(party);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/party=/);
  await expect(page.getByText(`Showing ${ofParty} of ${ofParty}`)).toBeVisible();

  await page.getByLabel("Search by name or state").fill("Vermont");
  await page.getByLabel("Party").selectOption("");
  await page.getByLabel("State", { exact: true }).selectOption("");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText(`Showing ${vermont.length} of ${vermont.length}`)).toBeVisible();

  await page.getByRole("link", { name: "Clear Filters" }).click();
  await expect(page.getByText(/^Showing 50 of \d+$/)).toBeVisible();
  await expect(page.getByLabel("Search by name or state")).toHaveValue("");
});

test("an admin approves one field and rejects another with a note; both leave the list and show in History", async ({
  page,
  signInAs,
  visit,
}) => {
  test.slow(); // several pages, each checked with axe
  const moderator = await createAccount({ role: "moderator" });
  const official = await createWyomingOfficial();
  await suggest(moderator, official.id, { phone: "202-555-0122", email: "new@house.example.gov" });
  await signInAs((await createAccount({ role: "admin" })).email);
  await visit(`${PAGE}/pending`);

  const phone = page.getByRole("checkbox", { name: `Phone of ${official.label}` });
  const email = page.getByRole("checkbox", { name: `Email of ${official.label}` });
  await phone.check();
  await page.getByRole("button", { name: "Approve selected" }).click();
  await expect(page.getByTestId("toast")).toContainText("Updates approved successfully");
  await expect(phone).toHaveCount(0);
  expect((await db.official.findUniqueOrThrow({ where: { id: official.id } })).phone).toBe("202-555-0122");

  await email.check();
  await page.getByRole("button", { name: "Reject selected" }).click();
  const dialog = page.getByRole("dialog", { name: "Reject Updates" });
  await expect(dialog).toContainText(`Email of ${official.label}`);
  await visit(page.url());
  await dialog.getByLabel("Rejection notes (optional)").fill("The press office uses another address.");
  await dialog.getByRole("button", { name: "Confirm Rejection" }).click();
  await expect(page.getByTestId("toast")).toContainText("Updates rejected successfully");
  await expect(email).toHaveCount(0);
  expect((await db.official.findUniqueOrThrow({ where: { id: official.id } })).email).toBe("old@house.example.gov");

  await page.getByRole("link", { name: "Show History" }).click();
  await expect(page).toHaveURL(/history=1/);
  const group = page.getByRole("region", { name: new RegExp(official.label.replace(/[()]/g, "\\$&")) });
  await expect(group).toContainText("Phone");
  await expect(group.locator("li", { hasText: "Phone" })).toContainText("Approved");
  await expect(group.locator("li", { hasText: "Email" })).toContainText("Rejected");
  await expect(group.locator("li", { hasText: "Email" })).toContainText("Admin notes: The press office uses another address.");
  await expect(page.getByRole("link", { name: "Hide History" })).toBeVisible();
});

test("a checked group box chooses all its fields; Reject All lists what the page showed and can be cancelled", async ({
  page,
  signInAs,
  visit,
}) => {
  test.slow(); // several pages, each checked with axe
  const moderator = await createAccount({ role: "moderator", firstName: "Gail", lastName: `Group${Date.now()}` });
  const official = await createWyomingOfficial();
  await suggest(moderator, official.id, { phone: "202-555-0133", religion: "Quaker" });
  await signInAs((await createAccount({ role: "admin" })).email);
  await visit(`${PAGE}/pending`);
  await page.getByRole("checkbox", { name: `All changes to ${official.label}`, exact: false }).check();
  // With JavaScript the entity box ticks its fields; without, the server reads it as all of them.
  await page.getByRole("button", { name: "Reject selected" }).click();
  const dialog = page.getByRole("dialog", { name: "Reject Updates" });
  await expect(dialog).toContainText(`Phone of ${official.label}`);
  await expect(dialog).toContainText(`Religion of ${official.label}`);
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: `Phone of ${official.label}` })).toBeChecked();

  await page.getByRole("button", { name: "Reject All" }).click();
  await expect(page.getByRole("dialog", { name: "Reject Updates" })).toContainText(`Religion of ${official.label}`);
  await page.getByRole("dialog").getByRole("link", { name: "Cancel" }).click();
  // Nothing was decided.
  expect(await db.fieldUpdate.count({ where: { entityType: "official", entityId: official.id, status: "pending" } })).toBe(2);
});

test("with JavaScript, group and entity boxes tick their fields and show indeterminate @js-only", async ({ page, signInAs, visit }) => {
  const moderator = await createAccount({ role: "moderator" });
  const official = await createWyomingOfficial();
  await suggest(moderator, official.id, { phone: "202-555-0188", religion: "Quaker" });
  await signInAs((await createAccount({ role: "admin" })).email);
  await visit(`${PAGE}/pending`);
  const group = page.getByRole("checkbox", { name: `All changes by ${moderator.email}` });
  const entity = page.getByRole("checkbox", { name: `All changes to ${official.label}` });
  const phone = page.getByRole("checkbox", { name: `Phone of ${official.label}` });
  const religion = page.getByRole("checkbox", { name: `Religion of ${official.label}` });
  const indeterminate = (box: typeof group) => box.evaluate((el) => (el as HTMLInputElement).indeterminate);

  await group.check();
  await expect(entity).toBeChecked();
  await expect(phone).toBeChecked();
  await expect(religion).toBeChecked();
  await phone.uncheck();
  await expect(entity).not.toBeChecked();
  await expect(group).not.toBeChecked();
  expect(await indeterminate(entity)).toBe(true);
  expect(await indeterminate(group)).toBe(true);
  await religion.uncheck();
  expect(await indeterminate(entity)).toBe(false);
  await phone.check();
  await religion.check();
  await expect(group).toBeChecked();
  expect(await indeterminate(group)).toBe(false);
});

test("a changed live value skips the approval, naming the field, and keeps the choice", async ({ page, signInAs, visit }) => {
  test.slow(); // several pages, each checked with axe
  const moderator = await createAccount({ role: "moderator" });
  const official = await createWyomingOfficial();
  await suggest(moderator, official.id, { phone: "202-555-0144" });
  await db.official.update({ where: { id: official.id }, data: { phone: "202-555-0999" } });
  await signInAs((await createAccount({ role: "admin" })).email);
  await visit(`${PAGE}/pending`);
  const phone = page.getByRole("checkbox", { name: `Phone of ${official.label}` });
  await phone.check();
  await page.getByRole("button", { name: "Approve selected" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Approved 0, skipped 1:" });
  await expect(alert).toContainText(`The phone of ${official.name} changed since this suggestion was made`);
  await expect(alert).toContainText('it is now "202-555-0999"');
  await expect(phone).toBeChecked();
  expect((await db.official.findUniqueOrThrow({ where: { id: official.id } })).phone).toBe("202-555-0999");
  expect(await db.fieldUpdate.count({ where: { entityId: official.id, entityType: "official", status: "pending" } })).toBe(1);
});

test("Approve All approves what it can and lists each skipped change with its reason", async ({ page, signInAs, visit }) => {
  const [moderator, admin] = [await createAccount({ role: "moderator" }), await createAccount({ role: "admin" })];
  const [changed, twice] = [await createWyomingOfficial(), await createWyomingOfficial()];
  await suggest(moderator, changed.id, { phone: "202-555-0141" });
  // The live phone changes after that suggestion was made.
  await db.official.update({ where: { id: changed.id }, data: { phone: "202-555-0142" } });
  await suggest(moderator, twice.id, { email: "first@house.example.gov" });
  await suggest(moderator, twice.id, { email: "second@house.example.gov" }); // the same field again
  await suggest(moderator, twice.id, { religion: "Lutheran" });

  await signInAs(admin.email);
  await visit(`${PAGE}/pending`);
  // Approve All acts on the list shown: this moderator's changes alone.
  await page
    .getByRole("link", { name: `Only changes by ${moderator.email}` })
    .first()
    .click();
  await expect(page.getByText(`Changes by ${moderator.email} only.`)).toBeVisible();
  await page.getByRole("button", { name: "Approve All" }).click();
  const outcome = page.getByRole("alert").filter({ hasText: "Approved 2, skipped 2:" });
  await expect(outcome.getByRole("listitem")).toHaveText([
    `The phone of ${changed.name} changed since this suggestion was made: it is now "202-555-0142", the suggestion expected "202-555-0100".`,
    `The email of ${twice.name} changed since this suggestion was made: it is now "first@house.example.gov", the suggestion expected "old@house.example.gov".`,
  ]);
  // The approved ones leave the list (with JavaScript, once the list is read again after the
  // outcome shows); the skipped ones stay listed and chosen, for the admin to reject.
  await expect(page.getByRole("checkbox", { name: `Religion of ${twice.label}` })).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: `Email of ${twice.label}` })).toHaveCount(1);
  await expect(page.getByRole("checkbox", { name: `Phone of ${changed.label}` })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: `Email of ${twice.label}` })).toBeChecked();
  expect(await db.official.findUniqueOrThrow({ where: { id: twice.id } })).toMatchObject({
    email: "first@house.example.gov",
    religion: "Lutheran",
  });
  expect((await db.official.findUniqueOrThrow({ where: { id: changed.id } })).phone).toBe("202-555-0142");
});

test("pending changes come 50 a page: Next and Previous are links that keep the submitter", async ({ page, signInAs, visit }) => {
  const moderator = await createAccount({ role: "moderator" });
  const official = await createWyomingOfficial();
  for (let i = 0; i < 51; i++) await suggest(moderator, official.id, { religion: `Faith ${i}` });
  await signInAs((await createAccount({ role: "admin" })).email);
  await visit(`${PAGE}/pending?submitter=${moderator.id}`);
  const boxes = page.getByRole("checkbox", { name: `Religion of ${official.label}` });
  await expect(boxes).toHaveCount(50);
  await expect(page.getByText("Showing 50 of 51 pending changes, 50 a page.")).toBeVisible();
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(
    (url) => url.searchParams.get("submitter") === moderator.id && /^\d+\.\d+$/.test(url.searchParams.get("after") ?? ""),
  );
  await expect(boxes).toHaveCount(1);
  await expect(page.getByText("Faith 0", { exact: true })).toBeVisible(); // the oldest
  await page.getByRole("link", { name: "Previous" }).click();
  await expect(boxes).toHaveCount(50);
  await expect(page.getByText("Faith 50", { exact: true })).toBeVisible();
});

test("a moderator's Submitted Updates: pending by day, and the history with status, date and admin notes", async ({
  page,
  signInAs,
  visit,
}) => {
  test.slow(); // several pages, each checked with axe
  const moderator = await createAccount({ role: "moderator" });
  const admin = await createAccount({ role: "admin" });
  const official = await createWyomingOfficial();
  await suggest(moderator, official.id, { phone: "202-555-0155", email: "new@house.example.gov" });
  const [phoneUpdate, emailUpdate] = await db.fieldUpdate.findMany({
    where: { entityType: "official", entityId: official.id },
    orderBy: { fieldName: "desc" },
  });
  await approveFieldUpdates(db, { id: admin.id, role: "admin" }, [phoneUpdate.id]);
  await rejectFieldUpdates(db, { id: admin.id, role: "admin" }, [emailUpdate.id], "Not a public address.");
  await suggest(moderator, official.id, { religion: "Quaker" });

  await signInAs(moderator.email);
  await visit(PAGE);
  await expect(page.getByRole("link", { name: /^Submitted Updates/ })).toHaveText("Submitted Updates 1 pending");
  const pending = page.getByRole("region", { name: "Pending Submissions" });
  await expect(pending).toContainText(`Religion of ${official.label}`);
  await expect(pending).toContainText("Quaker");
  await expect(pending).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4} \(UTC\)/);
  const history = page.getByRole("table", { name: "Submission history" }).locator("tbody tr");
  await expect(history).toHaveCount(2);
  await expect(history.filter({ hasText: "Phone" })).toContainText("Approved");
  await expect(history.filter({ hasText: "Email" })).toContainText("Rejected");
  await expect(history.filter({ hasText: "Email" })).toContainText("Not a public address.");
  await expect(history.first()).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM)/);
});

test("a moderator with nothing submitted sees both empty states", async ({ page, signInAs, visit }) => {
  await signInAs((await createAccount({ role: "moderator" })).email);
  await visit(`${PAGE}/submitted`);
  await expect(page.getByText("No pending submissions")).toBeVisible();
  await expect(page.getByText("No historical submissions")).toBeVisible();
});

test("a moderator's submissions, the decided history and Missing Data come 50 a page, by Next links", async ({ page, signInAs, visit }) => {
  const moderator = await createAccount({ role: "moderator" });
  const official = await createWyomingOfficial();
  // Dated long ago, so these rows never crowd other tests' changes off the first page of a shared list.
  const start = Date.UTC(2001, 0, 1);
  const at = (i: number) => new Date(start - i * 1000);
  const base = { entityType: "official", entityId: official.id, fieldName: "religion", submittedById: moderator.id };
  const tag = official.name.replace(/\W/g, "");
  await db.fieldUpdate.createMany({
    data: Array.from({ length: 52 }, (_, i) => [
      { ...base, newValue: `${tag} waiting ${i}`, createdAt: at(i) },
      { ...base, newValue: `${tag} decided ${i}`, status: "rejected", rejectedAt: at(i), createdAt: at(i) },
    ]).flat(),
  });
  const pages = (region: ReturnType<Page["getByRole"]>) => region.getByRole("navigation", { name: "Pages" });

  await signInAs(moderator.email);
  await visit(`${PAGE}/submitted`);
  const pending = page.getByRole("region", { name: "Pending Submissions" });
  const history = page.getByRole("region", { name: "Submission History" });
  await expect(pending.getByText(`${tag} waiting 49`, { exact: true })).toBeVisible();
  await expect(pending.getByText(`${tag} waiting 50`, { exact: true })).toHaveCount(0);
  await expect(history.locator("tbody tr")).toHaveCount(50);
  await expect(history.getByText(`${tag} decided 49`, { exact: true })).toBeVisible();
  await pages(pending).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL((url) => /^\d+\.\d+$/.test(url.searchParams.get("after") ?? ""));
  await expect(pending.getByText(`${tag} waiting 50`, { exact: true })).toBeVisible();
  await expect(pending.getByText(`${tag} waiting 49`, { exact: true })).toHaveCount(0);
  await expect(history.locator("tbody tr")).toHaveCount(50); // the history stays on its first page
  await pages(history).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL((url) => /^\d+\.\d+$/.test(url.searchParams.get("history_after") ?? ""));
  await expect(history.locator("tbody tr")).toHaveCount(2);
  await expect(history).toContainText(`${tag} decided 51`);
  await expect(pending.getByText(`${tag} waiting 50`, { exact: true })).toBeVisible(); // and the pending list stays on its page

  // Missing Data: page 2 lists other officials than page 1.
  await visit(`${PAGE}/missing`);
  const missing = page.getByRole("region", { name: "Missing Data" });
  const names = () =>
    missing.getByRole("link", { name: /^Update / }).evaluateAll((links) => links.map((l) => l.getAttribute("aria-label")));
  await expect(missing.getByRole("link", { name: /^Update / })).toHaveCount(50);
  const first = await names();
  await pages(missing).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL((url) => url.pathname === `${PAGE}/missing` && url.searchParams.has("after"));
  await expect(missing.getByRole("link", { name: /^Update / }).first()).not.toHaveAttribute("aria-label", first[0]!);
  const second = await names();
  expect(second.filter((name) => first.includes(name))).toEqual([]);
  await expect(pages(missing).getByRole("link", { name: "Previous" })).toBeVisible();

  // The admin's History narrowed to this moderator, as the pending list is: 50, then the rest on the next page.
  await page.context().clearCookies();
  await signInAs((await createAccount({ role: "admin" })).email);
  await visit(`${PAGE}/pending?history=1&submitter=${moderator.id}`);
  const decided = page.getByRole("region", { name: "History", exact: true });
  await expect(decided.getByText(`${tag} decided 0`, { exact: true })).toBeVisible();
  await expect(decided.getByText(`${tag} decided 51`, { exact: true })).toHaveCount(0);
  await pages(decided).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(
    (url) =>
      url.searchParams.get("history") === "1" &&
      url.searchParams.get("submitter") === moderator.id &&
      url.searchParams.has("history_after"),
  );
  await expect(decided.getByText(`${tag} decided 51`, { exact: true })).toBeVisible();
  await expect(decided.getByText(`${tag} decided 0`, { exact: true })).toHaveCount(0);
});

/** A seeded active official with no email: the Missing Data tab lists them. */
const officialMissingEmail = (skip: number) =>
  db.official.findFirstOrThrow({ where: { isActive: true, email: null }, orderBy: { id: "desc" }, skip, include: { state: true } });

test("Missing Data: a moderator's update becomes a pending suggestion; an empty one is refused", async ({ page, signInAs, visit }) => {
  test.slow(); // several pages, each checked with axe
  const moderator = await createAccount({ role: "moderator" });
  const official = await officialMissingEmail(test.info().project.name === "js-on" ? 0 : 1);
  const address = `press-${Date.now()}@house.example.gov`;
  await signInAs(moderator.email);
  await visit(`${PAGE}/missing`);
  await page.getByLabel("Search by name or state").fill(official.name);
  await page.getByRole("button", { name: "Search" }).click();
  const item = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: `Update ${official.name}` }) });
  await expect(item.first()).toContainText(/(High|Medium|Low) priority/);
  await expect(item.first()).toContainText(/Missing: .*Email/);
  await item
    .first()
    .getByRole("link", { name: `Update ${official.name}` })
    .click();
  const dialog = page.getByRole("dialog", { name: `Update ${official.name}` });
  await expect(dialog.getByLabel("Email")).toHaveAttribute("type", "email");
  await expect(dialog.getByLabel("Phone")).toHaveAttribute("type", "tel");
  await expect(dialog.getByLabel("Website URL")).toHaveAttribute("type", "url");
  await visit(page.url());

  if (test.info().project.name === "js-off") {
    // Without JavaScript the submit is enabled; the server says what is missing.
    await dialog.getByRole("button", { name: "Submit Update" }).click();
    await expect(page.getByText("Enter at least one field.")).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("Failed to submit updates. Please try again.");
  }
  await page.getByRole("dialog").getByLabel("Email").fill(address);
  await page.getByRole("dialog").getByLabel("Notes (optional)").fill("From the office's press page.");
  await page.getByRole("dialog").getByRole("button", { name: "Submit Update" }).click();
  await expect(page.getByTestId("toast")).toContainText("Update submitted");
  await expect(page.getByTestId("toast")).toContainText("Your changes have been submitted for admin approval.");
  const suggestion = await db.fieldUpdate.findFirstOrThrow({ where: { submittedById: moderator.id } });
  expect(suggestion).toMatchObject({
    entityId: official.id,
    fieldName: "email",
    newValue: address,
    status: "pending",
    notes: "From the office's press page.",
  });
  expect((await db.official.findUniqueOrThrow({ where: { id: official.id } })).email).toBeNull();
});

test("Missing Data: the submit waits until a field is entered @js-only", async ({ page, signInAs, visit }) => {
  const official = await officialMissingEmail(2);
  await signInAs((await createAccount({ role: "moderator" })).email);
  await visit(`${PAGE}/missing?update=${official.id}`);
  const submit = page.getByRole("dialog").getByRole("button", { name: "Submit Update" });
  await expect(submit).toBeDisabled();
  await page.getByRole("dialog").getByLabel("Notes (optional)").fill("Notes alone are not an update.");
  await expect(submit).toBeDisabled();
  await page.getByRole("dialog").getByLabel("Phone").fill("202-555-0166");
  await expect(submit).toBeEnabled();
  await page.getByRole("dialog").getByLabel("Phone").fill("");
  await expect(submit).toBeDisabled();
});

test("Patriots and signed-out visitors are refused", async ({ page, signInAs }) => {
  await page.goto(PAGE);
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Fadmin%2Fdata-management$/);
  await expect(page.getByTestId("toast")).toContainText("You need admin or moderator privileges to access this page.");

  await signInAs((await createAccount()).email);
  await page.goto(`${PAGE}/missing`);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("toast")).toContainText("You need admin or moderator privileges to access this page.");
  const post = await page.request.post(`${PAGE}/pending`, { form: { intent: "approve", updateIds: "1" }, maxRedirects: 0 });
  expect(post.status()).toBe(302);
  expect(post.headers().location).toBe("/");
});

test("every tab, the reject dialog and the update dialog are valid HTML", async ({ page, signInAs, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the server sends the same HTML with JavaScript off");
  const moderator = await createAccount({ role: "moderator" });
  const official = await createWyomingOfficial();
  const [id] = await suggest(moderator, official.id, { phone: "202-555-0177" }).then(async (outcome) =>
    (await db.fieldUpdate.findMany({ where: { dataUpdateId: outcome!.dataUpdateId! } })).map((u) => u.id),
  );
  const missing = await officialMissingEmail(0);
  await signInAs((await createAccount({ role: "admin" })).email);
  for (const query of [
    "/states",
    "/representatives?state=VT",
    "/pending?history=1",
    `/pending?reject=selected&updateIds=${id}`,
    `/missing?update=${missing.id}`,
  ]) {
    const response = await page.request.get(`${PAGE}${query}`);
    expect(response.status(), query).toBe(200);
    expect(await htmlErrors(await response.text(), query), `HTML errors in ${query}`).toEqual([]);
  }
});
