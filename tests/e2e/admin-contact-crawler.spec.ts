// The contact crawler page (decision 0010's
// schedule): Running or Idle, the progress bar with the official being crawled (polling with
// JavaScript, Refresh without), how the last crawl ended once none runs, the schedule and explainer, success rate, total representatives,
// the recent crawls with errors cut to 100 characters, and Run Full Crawl.
import type { Page } from "@playwright/test";
import { db } from "~/db.server";
import { createAccount, createOfficial, expect, test } from "./fixtures";
import { endExecution, plantExecution, withJobLock } from "./job-fixtures";

test.describe.configure({ mode: "serial" });

const PAGE = "/admin/contact-crawler";
const table = (page: Page) => page.getByRole("table", { name: "Recent crawl executions, newest first" });
const runRow = (page: Page, id: number) =>
  table(page)
    .getByRole("row")
    .filter({ hasText: `#${id}` });
const detail = (page: Page, label: string) => page.getByText(label, { exact: true }).locator("..");

test("an admin follows a running crawl to its end", async ({ page, signInAs, visit, javaScriptEnabled }) => {
  const admin = await createAccount({ role: "admin" });
  const [first, second] = [await createOfficial(), await createOfficial()];
  await signInAs(admin.email);
  await withJobLock("contact_crawl", async () => {
    const run = await plantExecution("contact_crawl", { progressCompleted: 4, progressTotal: 10, currentItem: first.name });
    try {
      await visit(PAGE);
      await expect(page.getByRole("heading", { level: 1, name: "Contact Crawler" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/admin");
      await expect(page.getByTestId("crawler-status")).toHaveText("Running");
      await expect(page.getByText("4 of 10 (40%)")).toBeVisible();
      await expect(page.getByText(`Working on: ${first.name}`)).toBeVisible();
      await expect(page.getByRole("button", { name: "Running..." })).toBeDisabled();
      await expect(detail(page, "Schedule")).toHaveText(/Daily at 5:00 AM/);
      await expect(page.getByText(/The crawler runs automatically daily at 5:00 AM\./)).toBeVisible();
      await expect(detail(page, "Next scheduled time")).toContainText(/\w{3} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M/);
      const active = await db.official.count({ where: { isActive: true } });
      await expect(detail(page, "Total representatives")).toContainText(String(active));

      await db.jobExecution.update({ where: { id: run.id }, data: { progressCompleted: 7, currentItem: second.name } });
      if (!javaScriptEnabled) await page.getByRole("link", { name: "Refresh" }).click();
      await expect(page.getByText("7 of 10 (70%)")).toBeVisible({ timeout: 12_000 });
      await expect(page.getByText(`Working on: ${second.name}`)).toBeVisible();

      await db.jobExecution.update({
        where: { id: run.id },
        data: {
          status: "completed",
          completedAt: new Date(),
          progressCompleted: 10,
          currentItem: null,
          results: { processed: 10, successful: 8, updated: 3, contactsCollected: 5 },
        },
      });
      await page.getByRole("link", { name: "Refresh" }).click();
      await expect(page.getByTestId("crawler-status")).toHaveText("Idle");
      await expect(detail(page, "Success rate")).toContainText("80% of sites in the last finished crawl");
      await expect(page.getByTestId("last-crawl")).toHaveText(`The last crawl (run #${run.id}) finished after 10 of 10 representatives.`);
      await expect(page.getByText("Crawl progress")).toHaveCount(0);
      const row = runRow(page, run.id);
      await expect(row).toContainText("Completed");
      await expect(row.getByRole("cell").nth(4)).toHaveText("10");
      await expect(row.getByRole("cell").nth(5)).toHaveText("5");
    } finally {
      await endExecution(run.id);
    }
  });
});

test("a cancelled crawl reads as cancelled where it stopped, beside Idle, not as progress", async ({ page, signInAs, visit }) => {
  await signInAs((await createAccount({ role: "admin" })).email);
  await withJobLock("contact_crawl", async () => {
    const run = await plantExecution("contact_crawl", { progressCompleted: 28, progressTotal: 586, currentItem: "Somebody" });
    await endExecution(run.id); // cancelled where it was
    await visit(PAGE);
    await expect(page.getByTestId("crawler-status")).toHaveText("Idle");
    await expect(page.getByTestId("last-crawl")).toHaveText(
      `The last crawl (run #${run.id}) was cancelled after 28 of 586 representatives.`,
    );
    await expect(page.getByText("28 of 586 (5%)")).toHaveCount(0);
    await expect(detail(page, "Total representatives")).toContainText(/\d+ in office, \d+ with a website to crawl/);
  });
});

test("a failed crawl's error is listed cut to 100 characters; Run Full Crawl starts or says why not", async ({ page, signInAs, visit }) => {
  const admin = await createAccount({ role: "admin" });
  await signInAs(admin.email);
  const message = `Crawl of ${test.info().project.name} ${Date.now()} failed: ${"the site answered too slowly ".repeat(6)}`;
  const failed = await plantExecution("contact_crawl", { status: "failed", completedAt: new Date(), errorMessage: message });
  await withJobLock("contact_crawl", async () => {
    await visit(PAGE);
    await expect(runRow(page, failed.id)).toContainText("Failed");
    const listed = page
      .getByRole("list", { name: "Crawl errors" })
      .getByRole("listitem")
      .filter({ hasText: `Run #${failed.id}:` });
    await expect(listed).toHaveText(`Run #${failed.id}: ${message.slice(0, 99)}…`);

    await page.getByRole("button", { name: "Run Full Crawl" }).click();
    await expect(page.getByTestId("toast")).toContainText("Contact crawler has been triggered.");
    const mine = await db.jobExecution.findFirstOrThrow({ where: { jobType: "contact_crawl", triggeredById: admin.id } });
    await endExecution(mine.id);
  });
});
