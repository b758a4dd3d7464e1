// An admin adds a governor-elect with the day the term begins (/admin/incoming-officials/new): the
// state page shows "Governor-elect … takes office …" under the governor; when the term clock
// reaches that day the new governor holds the office, the old one is former and the history says
// so. A moderator's entry waits for review. With JavaScript on and off; each project uses its own
// state and puts it back.
import { db } from "~/db.server";
import { formatDay } from "~/lib/dates";
import { termBoundary } from "~/lib/terms";
import { refreshDerivedStateFacts } from "~/models/reference-data.server";
import { applyTermDates } from "~/models/term-clock.server";
import { createAccount, expect, test } from "./fixtures";

test.beforeEach(() => test.slow());

/** The state whose governorship each project's test hands over. */
const STATES = { "js-on": "ND", "js-off": "SD" } as const;

/** A day some weeks from now: in the future whatever day the suite runs (each test its own, so their seats never collide). */
const startDay = (days = 21) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test("an admin adds a governor-elect; the state page shows it; on that day the governor-elect takes office and the predecessor is former", async ({
  page,
  signInAs,
  visit,
}, testInfo) => {
  const abbreviation = STATES[testInfo.project.name as keyof typeof STATES];
  const state = await db.state.findUniqueOrThrow({ where: { abbreviation } });
  const holder = await db.official.findFirstOrThrow({
    where: { stateId: state.id, office: "Governor", isActive: true },
    include: { officeTerms: true },
  });
  const lastName = `Elect${testInfo.project.name.replace("-", "")}${Date.now()}`;
  const start = startDay();
  try {
    await signInAs((await createAccount({ role: "admin" })).email);
    await visit(`/admin/incoming-officials/new?state=${abbreviation}&office=Governor`);
    await expect(page.getByLabel(/^Office/)).toHaveValue("Governor");
    await expect(page.getByLabel(/^State/)).toHaveValue(abbreviation);

    // A day that is not after today is refused on the field, with what was typed kept.
    await page.getByLabel("First name").fill("Pat");
    await page.getByLabel("Last name").fill(lastName);
    await page.getByLabel("Party").selectOption("Independent");
    await page.getByLabel("Takes office on (YYYY-MM-DD)").fill("2020-01-06");
    await page.getByRole("button", { name: "Add Incoming Official" }).click();
    // On the field, and in the "Error" toast.
    await expect(page.getByText("The term must begin after today").first()).toBeVisible();
    await expect(page.getByLabel("Takes office on (YYYY-MM-DD)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Last name")).toHaveValue(lastName);

    await page.getByLabel("Takes office on (YYYY-MM-DD)").fill(start);
    await page.getByRole("button", { name: "Add Incoming Official" }).click();
    await expect(page).toHaveURL(/\/admin\/representative-detail\/\d+$/);
    await expect(page.getByText("Incoming official added")).toBeVisible();
    const elect = await db.official.findFirstOrThrow({ where: { lastName } });

    const words = `Governor-elect Pat ${lastName} takes office ${formatDay(start)}`;
    await visit(`/state/${abbreviation}`);
    await page.locator("summary", { hasText: /^Governor/ }).click();
    await expect(page.getByRole("link", { name: words })).toHaveAttribute("href", `/representative/${elect.id}`);
    await visit(`/representative/${holder.id}`);
    await expect(page.getByRole("link", { name: words })).toBeVisible();

    // The clock reaches noon on that day (the nightly chain runs the same clock).
    await applyTermDates(db, termBoundary(start), { only: [holder.id, elect.id] });
    await visit(`/state/${abbreviation}`);
    await page.locator("summary", { hasText: /^Governor/ }).click();
    await expect(page.getByRole("link", { name: words })).toHaveCount(0);
    await expect(page.getByRole("link", { name: new RegExp(`Pat ${lastName}`) }).first()).toBeVisible();
    await visit(`/representative/${holder.id}`);
    await expect(page.getByText(new RegExp(`^Former Governor of ${state.name}`))).toBeVisible();
    await visit(`/representative/${holder.id}/history`);
    await expect(page.getByRole("main")).toContainText("In office");
  } finally {
    const elect = await db.official.findFirst({ where: { lastName } });
    if (elect) {
      await db.fieldUpdate.deleteMany({ where: { entityType: "official", entityId: elect.id } });
      await db.dataUpdate.deleteMany({ where: { entityType: "official", entityId: elect.id } });
      await db.provenance.deleteMany({ where: { entityType: "official", entityId: elect.id } });
      await db.official.delete({ where: { id: elect.id } });
    }
    await db.fieldUpdate.deleteMany({ where: { entityType: "official", entityId: holder.id, fieldName: "isActive" } });
    for (const t of holder.officeTerms) await db.officialTerm.update({ where: { id: t.id }, data: { end: t.end, isCurrent: t.isCurrent } });
    await db.official.update({ where: { id: holder.id }, data: { isActive: true } });
    await db.$transaction((tx) => refreshDerivedStateFacts(tx, [state.id]));
  }
});

test("a moderator's governor-elect waits for an admin and shows nowhere public meanwhile", async ({ page, signInAs, visit }, testInfo) => {
  const abbreviation = STATES[testInfo.project.name as keyof typeof STATES];
  const lastName = `Pending${testInfo.project.name.replace("-", "")}${Date.now()}`;
  try {
    await signInAs((await createAccount({ role: "moderator" })).email);
    await visit(`/admin/incoming-officials/new?state=${abbreviation}&office=Governor`);
    await expect(page.getByText("Your entry is submitted for admin review before it shows.")).toBeVisible();
    await page.getByLabel("First name").fill("Lee");
    await page.getByLabel("Last name").fill(lastName);
    await page.getByLabel("Party").selectOption("Democratic");
    await page.getByLabel("Takes office on (YYYY-MM-DD)").fill(startDay(28));
    await page.getByRole("button", { name: "Add Incoming Official" }).click();
    await expect(page).toHaveURL(/\/admin\/data-updates$/);
    await expect(page.getByText("Incoming official submitted for review")).toBeVisible();
    const pending = await db.official.findFirstOrThrow({ where: { lastName } });
    await visit(`/state/${abbreviation}`);
    await expect(page.getByText(lastName)).toHaveCount(0);
    const profile = await page.goto(`/representative/${pending.id}`);
    expect(profile?.status()).toBe(404);
  } finally {
    const pending = await db.official.findFirst({ where: { lastName } });
    if (pending) {
      await db.fieldUpdate.deleteMany({ where: { entityType: "official", entityId: pending.id } });
      await db.dataUpdate.deleteMany({ where: { entityType: "official", entityId: pending.id } });
      await db.official.delete({ where: { id: pending.id } });
    }
  }
});
