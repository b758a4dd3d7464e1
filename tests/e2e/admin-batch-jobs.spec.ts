// The batch job page: the congress
// import's status, progress that updates (polling with JavaScript, Refresh without), the schedule,
// records imported and last duration, the recent executions, Trigger Import (it queues the import
// and lists its run; while a run is busy the button is a disabled "Running..."), and a moderator sent away.
import type { Page } from "@playwright/test";
import { db } from "~/db.server";
import { createAccount, expect, test } from "./fixtures";
import { endExecution, plantExecution, withJobLock } from "./job-fixtures";

test.describe.configure({ mode: "serial" });

const PAGE = "/admin/batch-jobs";
const runRow = (page: Page, id: number) =>
  page
    .getByRole("table", { name: "Recent congress import executions, newest first" })
    .getByRole("row")
    .filter({ hasText: `#${id}` });
const detail = (page: Page, label: string) => page.getByText(label, { exact: true }).locator("..");

test("an admin follows a running import to its end", async ({ page, signInAs, visit, javaScriptEnabled }) => {
  const admin = await createAccount({ role: "admin" });
  await signInAs(admin.email);
  await withJobLock("congress_import", async () => {
    const run = await plantExecution("congress_import", { progressCompleted: 3, progressTotal: 12, triggeredById: admin.id });
    try {
      await visit(PAGE);
      await expect(page.getByRole("heading", { level: 1, name: "Batch Job Management" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/admin");
      await expect(page.getByTestId("batch-status")).toHaveText("Running");
      await expect(page.getByText("3 of 12 (25%)")).toBeVisible();
      await expect(page.getByRole("button", { name: "Running..." })).toBeDisabled();
      await expect(detail(page, "Schedule")).toContainText("Daily at 2:00 AM");
      await expect(detail(page, "Next scheduled time")).toContainText(/\w{3} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M/);
      await expect(runRow(page, run.id)).toContainText("Running");
      await expect(runRow(page, run.id)).toContainText("In progress");

      await db.jobExecution.update({ where: { id: run.id }, data: { progressCompleted: 9 } });
      // With JavaScript the page refreshes itself every 5 s; without it, the Refresh link does.
      if (!javaScriptEnabled) await page.getByRole("link", { name: "Refresh" }).click();
      await expect(page.getByText("9 of 12 (75%)")).toBeVisible({ timeout: 12_000 });

      const startedAt = new Date(Date.now() - 7_000);
      await db.jobExecution.update({
        where: { id: run.id },
        data: {
          status: "completed",
          startedAt,
          completedAt: new Date(startedAt.getTime() + 7_000),
          progressCompleted: 12,
          results: { processed: 12, updated: 2 },
        },
      });
      await page.getByRole("link", { name: "Refresh" }).click();
      await expect(page.getByTestId("batch-status")).toHaveText("Completed");
      await expect(detail(page, "Records imported")).toContainText("12");
      await expect(detail(page, "Last duration")).toContainText("7 s");
      const row = runRow(page, run.id);
      await expect(row).toContainText("Completed");
      await expect(row).toContainText("Congress Data Import");
      await expect(row).toContainText("7 s");
      await expect(row.getByRole("cell").nth(4)).toHaveText("12");
      await expect(page.getByRole("button", { name: "Trigger Import" })).toBeEnabled();
    } finally {
      await endExecution(run.id);
    }
  });
});

test("Trigger Import starts the import and lists its run", async ({ page, signInAs, visit }) => {
  const admin = await createAccount({ role: "admin" });
  await signInAs(admin.email);
  await withJobLock("congress_import", async () => {
    await visit(PAGE);
    await page.getByRole("button", { name: "Trigger Import" }).click();
    await expect(page.getByTestId("toast")).toContainText("Congress data import has been triggered.");
    const mine = await db.jobExecution.findFirstOrThrow({ where: { jobType: "congress_import", triggeredById: admin.id } });
    await expect(runRow(page, mine.id)).toHaveCount(1);
    await endExecution(mine.id);
  });
});

test("a moderator is sent home with the admin-only message", async ({ page, signInAs }) => {
  const moderator = await createAccount({ role: "moderator" });
  await signInAs(moderator.email);
  await page.goto(PAGE);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("toast")).toContainText("You need admin privileges to access this page.");
});
