// The integration detail page: the job's
// texts and schedule, Run Now with a real run that shows in the history (and "Running..." for 5 s
// with JavaScript), a job that cannot run yet, progress of a running run (polling with
// JavaScript, Refresh without), Cancel, Error Details with Reviewed, the crawler's fields, the
// owner's switch with its confirmation (and an admin refused), and an unknown type.
import type { Page } from "@playwright/test";
import { db } from "~/db.server";
import { JOB_DEFINITIONS, JOB_TEXTS } from "~/jobs/definitions";
import { crawlerConfig } from "~/models/jobs.server";
import { createAccount, createOfficial, expect, test } from "./fixtures";
import { endExecution, finished, plantExecution, withJobLock } from "./job-fixtures";

test.describe.configure({ mode: "serial" });

const page_ = (type: string) => `/admin/integration/${type}`;
const historyTable = (page: Page) => page.getByRole("table", { name: /^Last runs of / });
const runRow = (page: Page, id: number) =>
  historyTable(page)
    .getByRole("row")
    .filter({ hasText: `#${id}` });
const toast = (page: Page) => page.getByTestId("toast");

test("an admin reads a job's page, runs it, and finds the run in the history", async ({ page, signInAs, visit, javaScriptEnabled }) => {
  const admin = await createAccount({ role: "admin" });
  await signInAs(admin.email);
  const definition = JOB_DEFINITIONS.data_validation;
  await visit(page_("data_validation"));
  await expect(page.getByRole("heading", { level: 1, name: definition.title })).toBeVisible();
  await expect(page.getByText(definition.description)).toBeVisible();
  await expect(page.getByText(definition.documentation)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Data Points Collected" })).toBeVisible();
  for (const point of definition.dataPoints) await expect(page.getByRole("listitem").filter({ hasText: point })).toHaveCount(1);
  await expect(page.getByText("Schedule", { exact: true }).locator("..")).toContainText("Daily at 3:00 AM");
  await expect(page.getByText("Next scheduled run", { exact: true }).locator("..")).toContainText(
    /\w{3} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M/,
  );
  await expect(page.getByText("Last successful run", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/admin");
  await expect(page.getByRole("link", { name: "Refresh" })).toBeVisible();

  const id = await withJobLock("data_validation", async () => {
    await page.getByRole("button", { name: "Run Now" }).click();
    await expect(toast(page)).toContainText("Integration Started");
    await expect(toast(page)).toContainText(`${definition.title} has been triggered manually.`);
    if (javaScriptEnabled) {
      // The button shows its running state for 5 seconds after a start, then comes back.
      await expect(page.getByRole("button", { name: "Running..." })).toBeDisabled();
      await expect(page.getByRole("button", { name: "Run Now" })).toBeEnabled({ timeout: 10_000 });
    }
    const mine = await db.jobExecution.findFirstOrThrow({ where: { jobType: "data_validation", triggeredById: admin.id } });
    await finished(mine.id);
    return mine.id;
  });
  await page.getByRole("link", { name: "Refresh" }).click();
  const row = runRow(page, id);
  await expect(row).toContainText("Completed");
  await expect(row).toContainText(definition.title);
  await expect(row).toContainText(/(just now|\d+ seconds? ago|\d+ minutes? ago)/);
  await expect(row).toContainText(/\d+ s/);
  const results = (await db.jobExecution.findUniqueOrThrow({ where: { id } })).results as { processed: number };
  await expect(row.getByRole("cell").nth(4)).toHaveText(String(results.processed));
});

test("a running run shows its progress, which updates, and an admin cancels it", async ({ page, signInAs, visit, javaScriptEnabled }) => {
  const admin = await createAccount({ role: "admin" });
  const [first, second] = [await createOfficial(), await createOfficial()];
  await signInAs(admin.email);
  await withJobLock("ballotpedia_import", async () => {
    const run = await plantExecution("ballotpedia_import", { progressCompleted: 2, progressTotal: 8, currentItem: first.name });
    try {
      await visit(page_("ballotpedia_import"));
      await expect(page.getByRole("heading", { name: `Current run #${run.id} (running)` })).toBeVisible();
      await expect(page.getByText("2 of 8 (25%)")).toBeVisible();
      await expect(page.getByText(`Working on: ${first.name}`)).toBeVisible();
      await expect(page.getByRole("button", { name: "Running..." })).toBeDisabled();
      await expect(runRow(page, run.id)).toContainText("Running");
      await expect(runRow(page, run.id)).toContainText("In progress");

      await db.jobExecution.update({ where: { id: run.id }, data: { progressCompleted: 6, currentItem: second.name } });
      // With JavaScript the page refreshes itself every 5 s; without it, the Refresh link does.
      if (!javaScriptEnabled) await page.getByRole("link", { name: "Refresh" }).click();
      await expect(page.getByText("6 of 8 (75%)")).toBeVisible({ timeout: 12_000 });
      await expect(page.getByText(`Working on: ${second.name}`)).toBeVisible();

      await runRow(page, run.id)
        .getByRole("button", { name: `Cancel run ${run.id}` })
        .click();
      await expect(toast(page)).toContainText(JOB_TEXTS.cancelled.title);
      await expect(toast(page)).toContainText(JOB_TEXTS.cancelled.description);
      await expect(runRow(page, run.id)).toContainText("Failed"); // cancelled shows as Failed
      await expect(page.getByRole("heading", { name: /^Current run/ })).toHaveCount(0);
      expect((await db.jobExecution.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("cancelled");
    } finally {
      await endExecution(run.id);
    }
  });
});

test("an admin opens a failed run's Error Details and marks it reviewed", async ({ page, signInAs, visit }) => {
  const admin = await createAccount({ role: "admin" });
  await signInAs(admin.email);
  const message = `Source answered 502 for run of ${test.info().project.name} at ${Date.now()}`;
  const run = await plantExecution("govtrack_import", {
    status: "failed",
    completedAt: new Date(),
    errorMessage: message,
    results: { processed: 3, updated: 1, failedRollCall: "roll042" },
  });
  await visit(page_("govtrack_import"));
  await runRow(page, run.id)
    .getByRole("button", { name: `Error details of run ${run.id}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`error=${run.id}`));
  const dialog = page.getByRole("dialog", { name: "Error Details" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("error-message")).toHaveText(message);
  await expect(dialog).toContainText("Timestamp");
  await expect(dialog).toContainText('"failedRollCall": "roll042"');
  // Opening it from the badge records that the error was viewed, with JavaScript or without.
  expect((await db.jobExecution.findUniqueOrThrow({ where: { id: run.id } })).errorViewedAt).not.toBeNull();
  await dialog.getByRole("button", { name: "Reviewed" }).click();
  await expect(toast(page)).toContainText("Error Reviewed");
  await expect(page.getByRole("dialog", { name: "Error Details" })).toHaveCount(0);
  expect((await db.jobExecution.findUniqueOrThrow({ where: { id: run.id } })).errorReviewed).toBe(true);

  // A run that is not this job's, or has no error, is no dialog.
  await visit(`${page_("data_validation")}?error=${run.id}`);
  await expect(page.getByRole("alert").filter({ hasText: JOB_TEXTS.executionNotFound })).toBeVisible();
});

test("an admin configures the crawler's fields; none is refused", async ({ page, signInAs, visit }) => {
  const admin = await createAccount({ role: "admin" });
  await signInAs(admin.email);
  await visit(page_("contact_crawl"));
  await page.getByRole("link", { name: "Configure" }).click();
  const dialog = page.getByRole("dialog", { name: "Configure Missing Data Fields" });
  await expect(dialog).toBeVisible();
  const boxes = dialog.getByRole("checkbox");
  await expect(boxes).toHaveCount(21);
  for (const box of await boxes.all()) await box.uncheck();
  await dialog.getByRole("button", { name: "Save Configuration" }).click();
  const refusal = page.getByRole("dialog", { name: "Configure Missing Data Fields" }).getByRole("alert");
  await expect(refusal).toContainText(JOB_TEXTS.noFieldsTitle);
  await expect(refusal).toContainText(JOB_TEXTS.noFields);

  // Both projects save the same fields, so their runs cannot disagree.
  const again = page.getByRole("dialog", { name: "Configure Missing Data Fields" });
  await again.getByRole("checkbox", { name: "Email" }).check();
  await again.getByRole("checkbox", { name: "Phone" }).check();
  await again.getByRole("button", { name: "Save Configuration" }).click();
  await expect(toast(page)).toContainText(JOB_TEXTS.configSaved.title);
  await expect(toast(page)).toContainText(JOB_TEXTS.configSaved.description);
  expect((await crawlerConfig(db)).fields_to_check).toEqual(["email", "phone"]);

  await page.getByRole("link", { name: "Configure" }).click();
  const reopened = page.getByRole("dialog", { name: "Configure Missing Data Fields" });
  await expect(reopened.getByRole("checkbox", { name: "Email" })).toBeChecked();
  await expect(reopened.getByRole("checkbox", { name: "Website" })).not.toBeChecked();
});

test("the owner disables a job after confirming and enables it at once", async ({ page, signInAs, visit, javaScriptEnabled }) => {
  const type = javaScriptEnabled ? "opensecrets_import" : "housekeeping"; // one job per project: the switch is global
  const { title } = JOB_DEFINITIONS[type];
  const owner = await createAccount({ role: "owner" });
  await signInAs(owner.email);
  await visit(page_(type));
  if (type === "opensecrets_import") await expect(page.getByRole("note")).toContainText("discontinued on April 15, 2025");
  const toggle = page.getByRole("switch", { name: "Automatic runs" });
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await toggle.click();
  const confirm = page.getByRole("dialog", { name: `Disable ${title}?` });
  await expect(confirm.getByText(/You can still run it manually or re-enable it later\.$/)).toBeVisible();
  await confirm.getByRole("button", { name: "Disable" }).click();
  await expect(toast(page)).toContainText("Job Disabled");
  await expect(page.getByText("This job will not run automatically")).toBeVisible();
  await expect(page.getByRole("switch", { name: "Automatic runs" })).toHaveAttribute("aria-checked", "false");
  expect((await db.jobSetting.findUniqueOrThrow({ where: { jobType: type } })).enabled).toBe(false);

  await page.getByRole("switch", { name: "Automatic runs" }).click();
  await expect(toast(page)).toContainText("Job Enabled");
  await expect(page.getByText("This job will not run automatically")).toHaveCount(0);
  expect((await db.jobSetting.findUniqueOrThrow({ where: { jobType: type } })).enabled).toBe(true);
});

test("an admin has no switch, and a forged switch is refused", async ({ page, signInAs, visit }) => {
  const admin = await createAccount({ role: "admin" });
  await signInAs(admin.email);
  await visit(`${page_("data_validation")}?disable=1`);
  await expect(page.getByRole("switch")).toHaveCount(0);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const before = await db.jobSetting.findUnique({ where: { jobType: "data_validation" } });
  const refused = await page.request.post(page_("data_validation"), { form: { intent: "toggle", enabled: "false" }, maxRedirects: 0 });
  expect(refused.status()).toBe(403);
  expect((await db.jobSetting.findUnique({ where: { jobType: "data_validation" } }))?.enabled ?? true).toBe(before?.enabled ?? true);
});

test("an unknown type shows Integration type not found with a way back", async ({ page, signInAs, visit }) => {
  const admin = await createAccount({ role: "admin" });
  await signInAs(admin.email);
  const response = await page.goto(page_("not_a_job"));
  expect(response?.status()).toBe(404);
  await visit(page_("not_a_job"));
  await expect(page.getByRole("heading", { name: "Integration type not found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await expect(page).toHaveURL(/\/admin$/);
});
