// /admin/data-health (decision 0030), with JavaScript on and off: a moderator reaches it from the
// dashboard, sees Ohio's class-3 Senate seat whose term ended with no successor named and the link
// that adds one, and dismisses an item of the test's own (an incoming official it creates) with a
// note, by keyboard; the item is gone and the note is on the page. A Patriot gets a 403 page.
import { db } from "~/db.server";
import { createAccount, createOfficial, expect, test } from "./fixtures";

// Several pages, each checked with axe (twice as long without JavaScript).
test.beforeEach(() => test.slow());

const PAGE = "/admin/data-health";

/** A future day (YYYY-MM-DD), soon, so the capped list of incoming officials shows it first. */
const soon = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

test("a moderator opens Data Health, follows the ended Ohio Senate seat to its action, and dismisses an item with a note", async ({
  page,
  signInAs,
  visit,
}) => {
  const moderator = await createAccount({ role: "moderator", firstName: "Maya", lastName: "Health" });
  const incoming = await createOfficial({ office: "Senator", district: null });
  await db.officialTerm.create({ data: { officialId: incoming.id, type: "sen", state: "VT", senateClass: 1, start: soon() } });
  await signInAs(moderator.email);

  await visit("/admin");
  await page.getByRole("link", { name: /^Data Health/ }).click();
  await expect(page).toHaveURL(PAGE);
  await expect(page.getByRole("heading", { name: "Data Health", level: 1 })).toBeVisible();

  const seats = page.locator("#seats");
  const ohio = seats.getByRole("listitem").filter({ hasText: "Ohio: Senate seat (class 3)" });
  await expect(ohio).toContainText("Term ended Nov 3, 2026 (special election); the source has not yet named who holds the seat");
  await expect(ohio.getByRole("link", { name: /^Add an incoming official/ })).toHaveAttribute(
    "href",
    "/admin/incoming-officials/new?state=OH&office=Senator&senateClass=3",
  );

  const item = page.locator("#incoming").getByRole("listitem").filter({ hasText: incoming.name });
  await expect(item).toContainText("Senator, Vermont, Senate class 1: takes office");
  await expect(item.getByRole("link", { name: incoming.name, exact: true })).toHaveAttribute(
    "href",
    `/admin/representative-detail/${incoming.id}`,
  );

  // By keyboard: the Dismiss link, the note, the submit button.
  await item.getByRole("link", { name: /^Dismiss/ }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Dismiss this item" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(incoming.name);
  const note = dialog.getByLabel("Note: why does this item need no action?");
  await note.focus();
  await page.keyboard.type("Sworn in early; the import will date the term.");
  await dialog.getByRole("button", { name: "Dismiss with this note" }).focus();
  await page.keyboard.press("Enter");

  await expect(page.getByText("Item dismissed", { exact: true })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.locator("#incoming").getByRole("listitem").filter({ hasText: incoming.name })).toHaveCount(0);
  const recent = page.getByRole("region", { name: "Recent dismissals" }).getByRole("listitem").filter({ hasText: incoming.name });
  await expect(recent).toContainText("Dismissed by Maya Health");
  await expect(recent).toContainText("Sworn in early; the import will date the term.");
  const row = await db.dataHealthDismissal.findFirstOrThrow({ where: { kind: "incoming", key: { startsWith: `${incoming.id}/` } } });
  expect(row).toMatchObject({ dismissedById: moderator.id, note: "Sworn in early; the import will date the term." });
});

test("on a 390 px phone the page fits the screen; a Patriot gets an Access Denied page", async ({ page, signInAs, visit, context }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs((await createAccount({ role: "moderator" })).email);
  await visit(PAGE);
  await expect(page.getByRole("heading", { name: "Data Health", level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await context.clearCookies();
  await signInAs((await createAccount({ role: "user" })).email);
  const response = await page.goto(PAGE);
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("Access denied. Data Health is for moderators and administrators.")).toBeVisible();
});
