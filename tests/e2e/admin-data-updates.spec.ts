// The data updates review page: the summary cards, the pending
// list, the review overlay with previous and new values, approving (the public profile changes),
// rejecting with a note, a refused conflicting approval, what moderators, Patriots and visitors get,
// the Refresh link, the age warning beside a proposed date of birth, and the 10-second refresh with
// JavaScript.
import type { Page } from "@playwright/test";
import { db } from "~/db.server";
import { approveFieldUpdates, dataUpdatesOverview, rejectFieldUpdates, submitStaffEdit } from "~/models/data-updates.server";
import { htmlErrors } from "../support/html-validity";
import { createAccount, createOfficial, expect, test } from "./fixtures";

// Each test decides updates across several staff pages, each checked with axe (longer without JavaScript).
test.beforeEach(() => test.slow());

const PAGE = "/admin/data-updates";

let phones = 0;
/** A phone number no official has. */
const newPhone = () => `(202) 555-${String((Date.now() + ++phones) % 10_000).padStart(4, "0")}`;

/** A moderator's pending phone change of an official. */
async function suggestPhone(moderator: { id: string; role: string }, officialId: number, phone = newPhone()) {
  const outcome = await submitStaffEdit(db, moderator, { entityType: "official", entityId: officialId, values: { phone } });
  return { id: outcome!.dataUpdateId!, phone };
}

async function staff(role: "moderator" | "admin") {
  const tag = `${test.info().project.name.replace("-", "")}${Date.now()}`;
  return createAccount({ role, firstName: role === "admin" ? "Ada" : "Mo", lastName: `Tester${tag}` });
}

const pendingTable = (page: Page) => page.getByRole("table", { name: "Pending data updates, newest first" });
const recentTable = (page: Page) => page.getByRole("table", { name: "Recent data updates, newest first" });
const rowOf = (table: ReturnType<typeof pendingTable>, text: string) => table.getByRole("row").filter({ hasText: text });
const card = (page: Page, label: string) => page.getByTestId("summary-card").filter({ has: page.getByText(label, { exact: true }) });
const cardValue = async (page: Page, label: string) => Number(await card(page, label).locator("p").nth(1).textContent());

test("an admin reviews an update, approves one (the profile changes) and rejects another with a note", async ({
  page,
  signInAs,
  visit,
  javaScriptEnabled,
}) => {
  test.slow(); // many pages, each checked by axe
  const [admin, moderator] = [await staff("admin"), await staff("moderator")];
  const [first, second] = [await createOfficial(), await createOfficial()];
  const approveMe = await suggestPhone(moderator, first.id);
  const rejectMe = await suggestPhone(moderator, second.id);
  const submitter = `Mo ${moderator.lastName}`;

  await signInAs(admin.email);
  await visit(PAGE);
  await expect(page.getByRole("heading", { name: "Data Updates", level: 1 })).toBeVisible();
  // Other tests decide updates meanwhile: the page is loaded again until the counts stood still
  // while it rendered, and then each card shows its count exactly.
  await expect(async () => {
    const before = (await dataUpdatesOverview(db)).counts;
    await page.reload();
    const after = (await dataUpdatesOverview(db)).counts;
    expect(after).toEqual(before);
    for (const [label, key] of [
      ["Pending Review", "pending"],
      ["Approved", "approved"],
      ["Rejected", "rejected"],
    ] as const)
      expect(await cardValue(page, label)).toBe(before[key]);
  }).toPass();
  expect(await cardValue(page, "Pending Review")).toBeGreaterThanOrEqual(2);

  const row = rowOf(pendingTable(page), first.name);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Manual");
  await expect(row).toContainText("Civic Atlas staff");
  await expect(row).toContainText(submitter);
  await expect(row.getByRole("cell").nth(5)).toHaveText("1"); // one field
  await expect(pendingTable(page).getByRole("columnheader", { name: "Submitted", exact: true })).toBeVisible();

  // Review: previous and new values side by side.
  await row.getByRole("link", { name: "Review" }).click();
  await expect(page).toHaveURL(new RegExp(`review=${approveMe.id}`));
  const dialog = page.getByRole("dialog", { name: "Review Data Update" });
  await expect(dialog).toBeVisible();
  const phoneRow = dialog.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Phone" }) });
  await expect(phoneRow.getByRole("cell").nth(0)).toHaveText(first.phone!);
  await expect(phoneRow.getByRole("cell").nth(1)).toHaveText(approveMe.phone);
  await expect(dialog).toContainText(submitter);
  await expect(dialog).toContainText("Not decided yet");
  await dialog.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByTestId("toast")).toContainText("Update approved");
  await expect(page.getByTestId("toast")).toContainText("Data update decision recorded");
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await expect(rowOf(pendingTable(page), first.name)).toHaveCount(0);
  await expect(rowOf(recentTable(page), first.name).first()).toContainText("Approved");

  // Reject with a note: with JavaScript from the row's dialog, without it in the review overlay.
  if (javaScriptEnabled) {
    await rowOf(pendingTable(page), second.name).getByRole("button", { name: "Reject" }).click();
    await expect(page).toHaveURL(new RegExp(`reject=${rejectMe.id}`));
    const rejectDialog = page.getByRole("dialog", { name: "Reject Update" });
    await rejectDialog.getByLabel("Rejection notes (optional)").fill("Not the district office number.");
    await rejectDialog.getByRole("button", { name: "Reject" }).click();
  } else {
    await rowOf(pendingTable(page), second.name).getByRole("link", { name: "Review" }).click();
    await dialog.getByLabel("Rejection notes (optional)").fill("Not the district office number.");
    await dialog.getByRole("button", { name: "Reject" }).click();
  }
  await expect(page.getByTestId("toast")).toContainText("Update rejected");
  await expect(rowOf(pendingTable(page), second.name)).toHaveCount(0);
  await page.goto(`${PAGE}?review=${rejectMe.id}`);
  await expect(dialog).toContainText("Rejected");
  await expect(dialog).toContainText("Not the district office number.");
  await expect(dialog).toContainText(`Ada ${admin.lastName}`);
  await expect(dialog.getByRole("button", { name: "Approve" })).toHaveCount(0);

  // The approved phone is live on the public profile; the rejected one is not.
  await visit(`/representative/${first.id}`);
  await expect(page.getByRole("link", { name: approveMe.phone })).toBeVisible();
  await visit(`/representative/${second.id}`);
  await expect(page.getByText(rejectMe.phone)).toHaveCount(0);
});

test("an approval whose live value changed meanwhile is refused with the message; the update can still be rejected", async ({
  page,
  signInAs,
  visit,
  javaScriptEnabled,
}) => {
  const [admin, moderator] = [await staff("admin"), await staff("moderator")];
  const official = await createOfficial();
  const earlier = await suggestPhone(moderator, official.id);
  const later = await suggestPhone(moderator, official.id);
  await signInAs(admin.email);
  await visit(PAGE);
  await expect(rowOf(pendingTable(page), official.name)).toHaveCount(2);
  // The rows are newest first: approve the earlier suggestion, then the later one conflicts.
  await rowOf(pendingTable(page), official.name).nth(1).getByRole("button", { name: "Approve" }).click();
  await expect(page.getByTestId("toast")).toContainText("Update approved");
  const row = rowOf(pendingTable(page), official.name);
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByTestId("toast")).toContainText("Error");
  await expect(page.getByTestId("toast")).toContainText(
    `The phone of ${official.name} changed since this suggestion was made: it is now "${earlier.phone}", the suggestion expected "${official.phone}".`,
  );
  expect((await db.official.findUniqueOrThrow({ where: { id: official.id } })).phone).toBe(earlier.phone);
  expect((await db.dataUpdate.findUniqueOrThrow({ where: { id: later.id } })).status).toBe("pending");

  // Reject: with JavaScript it asks for optional notes first; without, the row's button rejects at once.
  await page.goto(PAGE);
  await rowOf(pendingTable(page), official.name).getByRole("button", { name: "Reject" }).click();
  if (javaScriptEnabled) await page.getByRole("dialog", { name: "Reject Update" }).getByRole("button", { name: "Reject" }).click();
  await expect(page.getByTestId("toast")).toContainText("Update rejected");
  expect(await db.dataUpdate.findUniqueOrThrow({ where: { id: later.id } })).toMatchObject({ status: "rejected", adminNotes: null });
});

test("a batch with one field approved and one rejected is Partly approved, and each card counts its rows", async ({
  page,
  signInAs,
  visit,
}) => {
  test.slow(); // two pages, each checked with axe
  const [admin, moderator] = [await staff("admin"), await staff("moderator")];
  const official = await createOfficial();
  const batch = await submitStaffEdit(db, moderator, {
    entityType: "official",
    entityId: official.id,
    values: { phone: newPhone(), leadership: "Whip" },
  });
  const [phone, leadership] = await db.fieldUpdate.findMany({ where: { dataUpdateId: batch!.dataUpdateId! }, orderBy: { id: "asc" } });
  await approveFieldUpdates(db, admin, [phone.id]);
  await rejectFieldUpdates(db, admin, [leadership.id]);

  await signInAs(admin.email);
  const before = (await dataUpdatesOverview(db)).counts;
  await visit(PAGE);
  const after = (await dataUpdatesOverview(db)).counts;
  // Each card is the number of data updates with its status (other tests decide some meanwhile).
  for (const [label, key] of [
    ["Pending Review", "pending"],
    ["Approved", "approved"],
    ["Partly Approved", "partly_approved"],
    ["Rejected", "rejected"],
  ] as const) {
    const value = await cardValue(page, label);
    expect(value, label).toBeGreaterThanOrEqual(Math.min(before[key], after[key]));
    expect(value, label).toBeLessThanOrEqual(Math.max(before[key], after[key]));
  }
  expect(after.partly_approved).toBeGreaterThanOrEqual(1);

  await page.goto(`${PAGE}?review=${batch!.dataUpdateId}`);
  const dialog = page.getByRole("dialog", { name: "Review Data Update" });
  await expect(dialog).toContainText("Partly approved");
  await expect(dialog.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Phone" }) })).toContainText("Approved");
  await expect(dialog.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Leadership positions" }) })).toContainText(
    "Rejected",
  );
});

test("Review shows the update's panel at the top of the page, ahead of the lists", async ({ page, signInAs, visit, javaScriptEnabled }) => {
  const [admin, moderator] = [await staff("admin"), await staff("moderator")];
  const official = await createOfficial();
  const { id } = await suggestPhone(moderator, official.id);
  await signInAs(admin.email);
  await visit(PAGE);
  await rowOf(pendingTable(page), official.name).getByRole("link", { name: "Review" }).click();
  await expect(page).toHaveURL(new RegExp(`review=${id}`));
  const dialog = page.getByRole("dialog", { name: "Review Data Update" });
  await expect(dialog.getByRole("heading", { name: "Review Data Update" })).toBeInViewport();
  if (!javaScriptEnabled) {
    // Without JavaScript the panel is part of the page: it comes before the lists.
    const [panel, list] = [await dialog.boundingBox(), await pendingTable(page).boundingBox()];
    expect(panel!.y).toBeLessThan(list!.y);
  }
});

test("Review warns beside a proposed date of birth that makes a representative younger than 25", async ({ page, signInAs, visit }) => {
  const [admin, moderator] = [await staff("admin"), await staff("moderator")];
  const official = await createOfficial({ dateOfBirth: "1970-05-01" });
  const dateOfBirth = `${new Date().getUTCFullYear() - 22}-06-15`;
  const outcome = await submitStaffEdit(db, moderator, { entityType: "official", entityId: official.id, values: { dateOfBirth } });
  await signInAs(admin.email);
  await visit(PAGE);
  await rowOf(pendingTable(page), official.name).getByRole("link", { name: "Review" }).click();
  await expect(page).toHaveURL(new RegExp(`review=${outcome!.dataUpdateId}`));
  const row = page
    .getByRole("dialog", { name: "Review Data Update" })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: "Date of birth" }) });
  await expect(row.getByRole("cell").nth(1)).toContainText(dateOfBirth);
  await expect(row.getByRole("cell").nth(1)).toContainText(
    /Check the date of birth: it makes them 2[12], younger than the 25 years a representative must be\./,
  );
  await expect(row.getByRole("cell").first()).not.toContainText("Check the date of birth"); // not beside the current one
});

test("a moderator sees the lists and reviews, without Approve or Reject; the server refuses a posted decision", async ({
  page,
  signInAs,
  visit,
}) => {
  const moderator = await staff("moderator");
  const official = await createOfficial();
  const mine = await suggestPhone(moderator, official.id);
  await signInAs(moderator.email);
  await visit(PAGE);
  const row = rowOf(pendingTable(page), official.name);
  await expect(row).toContainText(`Mo ${moderator.lastName}`);
  await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Reject" })).toHaveCount(0);
  await row.getByRole("link", { name: "Review" }).click();
  const dialog = page.getByRole("dialog", { name: "Review Data Update" });
  await expect(dialog.getByRole("row").filter({ hasText: "Phone" })).toContainText(mine.phone);
  await expect(dialog.getByRole("button")).toHaveCount(0);

  const posted = await page.request.post(PAGE, { form: { intent: "approve", id: String(mine.id) } });
  expect(posted.status()).toBe(403);
  expect((await db.dataUpdate.findUniqueOrThrow({ where: { id: mine.id } })).status).toBe("pending");

  // An id that names no update: the page, with a clear message, answered 404.
  for (const bad of ["abc", "999999999"]) {
    const response = await page.goto(`${PAGE}?review=${bad}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("alert").filter({ hasText: "Data update not found" })).toBeVisible();
    await expect(page.getByTestId("summary-card")).toHaveCount(4);
  }
});

test("Patriots and signed-out visitors are refused with a toast", async ({ page, signInAs }) => {
  await page.goto(PAGE);
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Fadmin%2Fdata-updates$/);
  await expect(page.getByTestId("toast")).toContainText("You need admin or moderator privileges to access this page.");
  await signInAs((await createAccount({ role: "user" })).email);
  await page.goto(PAGE);
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByTestId("toast")).toContainText("You need admin or moderator privileges to access this page.");
});

test("the Refresh link shows an update made after the page loaded", async ({ page, signInAs, visit }) => {
  const [admin, moderator] = [await staff("admin"), await staff("moderator")];
  const official = await createOfficial();
  await signInAs(admin.email);
  await visit(PAGE);
  await expect(rowOf(pendingTable(page), official.name)).toHaveCount(0);
  await suggestPhone(moderator, official.id);
  await page.getByRole("link", { name: "Refresh" }).click();
  await expect(rowOf(pendingTable(page), official.name)).toHaveCount(1);
});

test("with JavaScript the lists refresh every 10 seconds, not while a dialog is open @js-only", async ({ page, signInAs }) => {
  const [admin, moderator] = [await staff("admin"), await staff("moderator")];
  const [official, other, third] = [await createOfficial(), await createOfficial(), await createOfficial()];
  await page.clock.install();
  await signInAs(admin.email);
  await page.goto(PAGE);
  await expect(page.getByText("The lists refresh every 10 seconds.")).toBeVisible(); // hydrated
  await suggestPhone(moderator, official.id);
  await expect(rowOf(pendingTable(page), official.name)).toHaveCount(0);
  await page.clock.runFor(10_000);
  await expect(rowOf(pendingTable(page), official.name)).toHaveCount(1);

  // While the review dialog is open the lists hold still.
  await rowOf(pendingTable(page), official.name).getByRole("link", { name: "Review" }).click();
  await expect(page.getByRole("dialog", { name: "Review Data Update" })).toBeVisible();
  await suggestPhone(moderator, other.id);
  await page.clock.runFor(30_000);
  await expect(rowOf(pendingTable(page), other.name)).toHaveCount(0);
  // Closing it loads the page afresh, and the refresh resumes.
  await page.getByRole("link", { name: "Close" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(rowOf(pendingTable(page), other.name)).toHaveCount(1);
  await suggestPhone(moderator, third.id);
  await page.clock.runFor(10_000);
  await expect(rowOf(pendingTable(page), third.name)).toHaveCount(1);
});

test("the page is valid HTML as served: lists, overlays, a missing id and a refused decision @js-only", async ({ page, signInAs }) => {
  const [admin, moderator] = [await staff("admin"), await staff("moderator")];
  const official = await createOfficial();
  const { id } = await suggestPhone(moderator, official.id);
  await signInAs(admin.email);
  for (const path of [PAGE, `${PAGE}?review=${id}`, `${PAGE}?reject=${id}`, `${PAGE}?review=abc`]) {
    const response = await page.request.get(path);
    expect(await htmlErrors(await response.text(), path), path).toEqual([]);
  }
  const refused = await page.request.post(PAGE, { form: { intent: "approve", id: "999999999" } });
  expect(refused.status()).toBe(404);
  expect(await htmlErrors(await refused.text(), "refused"), "refused").toEqual([]);
});
