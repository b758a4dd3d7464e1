// The dashboard's job parts: the Scheduled Jobs overview with
// Manage links, the Automated Schedule card, Run Full Chain and its refusal while a job runs, an
// execution's details (a modal with JavaScript, a page without), a run completed with errors and
// its error to review, polling and Refresh, and the moderator's view and forged POST.
// Jobs are global state: the tests of this file run one at a time, and those that make a job busy
// hold the jobs' locks (job-fixtures.ts), shared with every other job test.
import { db } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { CHAIN_ORDER, JOB_DEFINITIONS, JOB_TEXTS, JOB_TYPES } from "~/jobs/definitions";
import { ROLL_CALL_STARTING_POINTS, siteKindOf, startRecordedSites } from "../support/recorded-sources";
import { createAccount, createOfficial, expect, test } from "./fixtures";
import { sitePorts, withJobLocks } from "./job-fixtures";

test.describe.configure({ mode: "serial" });

const BUSY = { in: ["pending", "running"] };
/** Executions this file inserted itself; removed at the end. */
const inserted: number[] = [];
test.afterAll(async () => {
  await db.jobExecution.deleteMany({ where: { id: { in: inserted } } });
});

async function insertExecution(data: Omit<Prisma.JobExecutionUncheckedCreateInput, "id">) {
  const row = await db.jobExecution.create({ data });
  inserted.push(row.id);
  return row;
}

/** Runs `fn` holding every job's lock (tests/e2e/job-fixtures.ts), once no job is pending or running. */
async function exclusively(fn: () => Promise<void>) {
  await withJobLocks(JOB_TYPES, async () => {
    await expect.poll(() => db.jobExecution.findFirst({ where: { status: BUSY } }), { message: "no busy job", timeout: 60_000 }).toBeNull();
    await fn();
  });
}

test("the overview lists every job with its status, schedule, runs, errors to review and a Manage link; the Automated Schedule card gives the zone", async ({
  page,
  signInAs,
  visit,
}) => {
  const admin = await createAccount({ role: "admin" });
  const failed = await insertExecution({
    jobType: "data_validation",
    status: "failed",
    trigger: "manual",
    triggeredById: admin.id,
    errorMessage: "Validation stopped: the test's own failure",
    startedAt: new Date(),
    completedAt: new Date(),
  });
  await signInAs(admin.email);
  await visit("/admin");
  await expect(page.getByRole("heading", { name: "Scheduled Jobs" })).toBeVisible();
  for (const type of JOB_TYPES) {
    const card = page.getByTestId(`job-${type}`);
    await expect(card.getByRole("heading", { name: JOB_DEFINITIONS[type].title })).toBeVisible();
    await expect(card).toContainText(JOB_DEFINITIONS[type].scheduleText);
    await expect(card).toContainText(/Last run(Never|[A-Z][a-z]{2} \d+, \d{4} )/);
    await expect(card).toContainText(/Last success(Never|[A-Z][a-z]{2} \d+, \d{4} )/);
    await expect(card).toContainText(/Next run(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d+, \d{4} \d+:\d\d [AP]M E[SD]T/);
    await expect(card.getByRole("link", { name: `Manage ${JOB_DEFINITIONS[type].title}` })).toHaveAttribute(
      "href",
      `/admin/integration/${type}`,
    );
  }
  await expect(page.getByTestId("job-opensecrets_import")).toContainText("OpenSecrets Integration (Discontinued)");
  await expect(page.getByTestId("job-housekeeping")).toContainText("Site maintenance, not a data import.");

  // The failed run: the job shows Failed, the Error to Review badge, and the run in its list.
  const validation = page.getByTestId("job-data_validation");
  await expect(validation.getByText("Failed").first()).toBeVisible();
  await expect(validation.getByText(/^Error to Review \(\d+\)$/)).toBeVisible();
  await expect(validation.getByRole("link", { name: new RegExp(`^#${failed.id},`) })).toHaveAttribute(
    "href",
    `/admin/job-execution/${failed.id}`,
  );

  const schedule = page.getByTestId("automated-schedule");
  await expect(page.getByRole("heading", { name: "Automated Schedule" })).toBeVisible();
  await expect(page.getByText("Times are local to America/New_York.")).toBeVisible();
  for (const type of JOB_TYPES)
    await expect(schedule).toContainText(`${JOB_DEFINITIONS[type].scheduleText}: ${JOB_DEFINITIONS[type].title}`);

  // Reviewing the error elsewhere takes the badge away.
  await db.jobExecution.update({ where: { id: failed.id }, data: { errorReviewed: true } });
  await page.reload();
  const stillUnreviewed = await db.jobExecution.findFirst({
    where: { jobType: "data_validation", status: { in: ["failed", "cancelled"] }, errorMessage: { not: null }, errorReviewed: false },
  });
  if (!stillUnreviewed) await expect(validation.getByText(/^Error to Review/)).toHaveCount(0);
});

/** The roll calls the recorded sources serve (tests/fixtures/votes). */
const RECORDED_ROLL_CALLS = ["h240-119.2025", "s618-119.2025"];
/**
 * Those of them a run of this test imported from the recorded sources (its RollCall row has their
 * 127.0.0.1 address; the positions themselves carry no address since they are lean).
 */
const importedRollCalls = async () =>
  (
    await db.rollCall.findMany({
      where: { voteId: { in: RECORDED_ROLL_CALLS }, sourceUrl: { startsWith: "http://127.0.0.1:" } },
      select: { voteId: true },
    })
  ).map((r) => r.voteId);
/** Results of a finished run, as the job recorded them. */
type ChainResults = Record<string, number | Record<string, number> | unknown>;

test("Run Full Chain as admin: the chain starts in the spec's order, a second start is refused while a job is still running, and every step finishes with real work done @alone", async ({
  page,
  signInAs,
  visit,
}) => {
  test.setTimeout(240_000); // the whole chain runs on the recorded sources before the next test
  const admin = await createAccount({ role: "admin" });
  await signInAs(admin.email);
  // The test's own officials, each with a website on a recorded official site of its kind on
  // 127.0.0.1, on ports the outbound guard lets through (the seeded officials' real websites are
  // not reached under NODE_ENV=test). They have
  // no bioguide id, so the congress import leaves them alone (a governor of the test's own would be
  // retired by the governors step: its state's governor is another person in the source).
  const sites = await startRecordedSites(sitePorts(test.info().project.name));
  const own = await Promise.all(
    (["Representative", "Senator"] as const).map((office) =>
      createOfficial({ office, district: office === "Representative" ? "AL" : null, isActive: true, phone: null, email: null }),
    ),
  );
  for (const official of own)
    await db.official.update({ where: { id: official.id }, data: { website: `${sites.urls[siteKindOf(official.office)]}/` } });
  try {
    await exclusively(async () => {
      // The GovTrack import reads roll calls since the last one seen: the first official holds the roll
      // calls just before the two recorded ones, so the run reads those. What an earlier run of this test
      // imported from the recorded sources is removed first (a stored roll call is not read again). This
      // happens under the jobs' locks: the other project's run of this test reads the same roll calls.
      await db.votingRecord.deleteMany({ where: { voteId: { in: await importedRollCalls() } } });
      await db.rollCall.deleteMany({ where: { voteId: { in: RECORDED_ROLL_CALLS }, sourceUrl: { startsWith: "http://127.0.0.1:" } } });
      for (const { voteId, chamber, number, voteDate } of ROLL_CALL_STARTING_POINTS) {
        const row = {
          chamber,
          congress: 119,
          session: 1,
          number,
          voteDate,
          question: "The test's starting point",
          billTitle: "The test's starting point",
        };
        await db.rollCall.upsert({
          where: { voteId },
          create: { voteId, ...row, sourceUrl: "http://127.0.0.1/starting-point", fetchedAt: new Date() },
          update: {},
        });
      }
      await visit("/admin");
      await page.getByRole("button", { name: "Run Full Chain" }).click();
      await expect(page.getByTestId("toast")).toContainText(JOB_TEXTS.chainStarted.title);
      await expect(page.getByTestId("toast")).toContainText(JOB_TEXTS.chainStarted.description);
      const chain = await db.jobExecution.findMany({ where: { triggeredById: admin.id, trigger: "chain" }, orderBy: { id: "asc" } });
      expect(chain.map((e) => e.jobType)).toEqual([...CHAIN_ORDER]);
      // Each step is listed under its job, selectable.
      for (const execution of chain)
        await expect(
          page.getByTestId(`job-${execution.jobType}`).getByRole("link", { name: new RegExp(`^#${execution.id},`) }),
        ).toBeVisible();

      // A job still running (a row this test holds running, so the refusal does not race the runner).
      const running = await insertExecution({ jobType: "housekeeping", status: "running", trigger: "manual", startedAt: new Date() });
      try {
        await page.getByRole("button", { name: "Run Full Chain" }).click();
        await expect(page.getByTestId("toast")).toContainText("Failed to Start Automation Chain");
        await expect(page.getByTestId("toast")).toContainText(JOB_TEXTS.chainBlocked);
        const after = await db.jobExecution.findFirst({ where: { triggeredById: admin.id, id: { gt: chain.at(-1)!.id } } });
        expect(after).toBeNull();
      } finally {
        await db.jobExecution.update({ where: { id: running.id }, data: { status: "completed", completedAt: new Date() } });
      }
      // Every step runs against the recorded sources and finishes (OpenSecrets is skipped: discontinued)
      // before the lock is let go.
      await expect
        .poll(() => db.jobExecution.findFirst({ where: { id: { in: chain.map((e) => e.id) }, status: BUSY } }), { timeout: 150_000 })
        .toBeNull();
      const finished = await db.jobExecution.findMany({ where: { id: { in: chain.map((e) => e.id) } }, orderBy: { id: "asc" } });
      // What the recorded sources lack is said, not hidden: most portraits (two members' and one
      // governor's are recorded) and the seeded officials' real websites (not reached under
      // NODE_ENV=test) are item failures, so those two runs are Completed with errors.
      const expected: Partial<Record<string, string>> = {
        opensecrets_import: "skipped",
        congress_import: "completed_with_errors",
        contact_crawl: "completed_with_errors",
      };
      expect(finished.map((e) => [e.jobType, e.status])).toEqual(CHAIN_ORDER.map((type) => [type, expected[type] ?? "completed"]));
      const run = (type: string) => finished.find((e) => e.jobType === type)!;
      expect(run("congress_import").errorMessage).toMatch(/^\d+ of \d+ photos not available; first: Photo of .+ not stored: /);
      expect(run("contact_crawl").errorMessage).toMatch(/^\d+ of \d+ sites could not be crawled; first: /);
      // The import's log keeps its summaries next to the folded photo failures.
      expect(run("congress_import").logs).toMatch(/ Congress: 537 members/);
      expect(run("congress_import").logs).toMatch(/ Governors: \d+ files read/);
      expect(run("congress_import").logs).toMatch(/ \d+ photos not available \(the first 5 are listed above\)/);
      await page.reload();
      await expect(page.getByTestId("job-congress_import").getByText("Completed with errors").first()).toBeVisible();

      // Each job did real work on the recorded sources, not just "completed".
      const results = (type: string) => run(type).results as ChainResults;
      expect(results("congress_import")).toMatchObject({ congress: { processed: 537 }, governors: { processed: 47 } });
      expect(results("data_validation").processed).toBeGreaterThan(0);
      // The two recorded roll calls were read and their positions stored.
      expect(results("govtrack_import")).toMatchObject({ rollCalls: 2 });
      expect(await db.votingRecord.count({ where: { voteId: { in: await importedRollCalls() } } })).toBeGreaterThan(0);
      // Every active official's Ballotpedia page answered, the test's own among them.
      expect(results("ballotpedia_import").verified).toBeGreaterThan(0);
      for (const official of own)
        expect((await db.official.findUniqueOrThrow({ where: { id: official.id } })).ballotpediaVerifiedAt).not.toBeNull();
      // The crawler read the test's sites and filed what they list as pending crawler updates.
      expect(results("contact_crawl").successful).toBeGreaterThanOrEqual(own.length);
      expect(sites.requests()).toBeGreaterThan(own.length);
      for (const official of own) {
        const filed = await db.dataUpdate.findFirst({ where: { entityType: "official", entityId: official.id, updateType: "crawler" } });
        expect(filed?.status).toBe("pending");
        expect((await db.official.findUniqueOrThrow({ where: { id: official.id } })).contactUpdatedAt).not.toBeNull();
      }
    });
  } finally {
    await sites.close();
    await db.official.updateMany({ where: { id: { in: own.map((o) => o.id) } }, data: { isActive: false } });
  }
});

test("a run completed with errors: the dashboard shows it with its error to review, its details show the error, and the job page's Error Details has it until it is reviewed", async ({
  page,
  signInAs,
  visit,
}) => {
  test.slow(); // three pages, each checked with axe
  const admin = await createAccount({ role: "admin" });
  const tag = `${test.info().project.name} ${Date.now()}`;
  const message = `587 of 587 Ballotpedia lookups failed; first: Avery Example (${tag}): https://ballotpedia.org/Avery_Example: HTTP 404, no Ballotpedia page by this name`;
  const started = new Date(Date.now() - 90_000);
  const run = await insertExecution({
    jobType: "ballotpedia_import",
    status: "completed_with_errors",
    trigger: "schedule",
    startedAt: started,
    completedAt: new Date(started.getTime() + 60_000),
    errorMessage: message,
    results: { processed: 587, updated: 0, verified: 0, failed: 587, failedItems: { "Ballotpedia lookups failed": 587 } },
    logs: [
      "2026-11-23T09:30:00.000Z 587 officials to verify on https://ballotpedia.org",
      "2026-11-23T09:30:59.000Z 0 verified, 0 slugs changed, 587 failed",
      "2026-11-23T09:30:59.000Z 587 Ballotpedia lookups failed (the first 5 are listed above)",
      `2026-11-23T09:31:00.000Z Finished: completed_with_errors (${message})`,
    ].join("\n"),
  });
  await signInAs(admin.email);
  await visit("/admin");
  const card = page.getByTestId("job-ballotpedia_import");
  const link = page.getByRole("link", { name: new RegExp(`^#${run.id},`) });
  await expect(card.getByRole("listitem").filter({ has: link })).toContainText("Completed with errors");
  await expect(card.getByText(/^Error to Review \(\d+\)$/)).toBeVisible();

  // Its details (a modal with JavaScript, a page without) give the error and the folded log.
  await card.getByRole("link", { name: new RegExp(`^#${run.id},`) }).click();
  const details = page.getByTestId("execution-details");
  await expect(details).toContainText("Completed with errors");
  await expect(details).toContainText(message);
  await expect(details).toContainText("587 Ballotpedia lookups failed (the first 5 are listed above)");

  // The job page: the run's badge opens Error Details with the message; Reviewed takes it off the count.
  await visit("/admin/integration/ballotpedia_import");
  const row = page
    .getByRole("table", { name: /^Last runs of / })
    .getByRole("row")
    .filter({ hasText: `#${run.id}` });
  await expect(row).toContainText("Completed with errors");
  await row.getByRole("button", { name: `Error details of run ${run.id}` }).click();
  const dialog = page.getByRole("dialog", { name: "Error Details" });
  await expect(dialog.getByTestId("error-message")).toHaveText(message);
  await dialog.getByRole("button", { name: "Reviewed" }).click();
  await expect(page.getByTestId("toast")).toContainText("Error Reviewed");
  expect((await db.jobExecution.findUniqueOrThrow({ where: { id: run.id } })).errorReviewed).toBe(true);
});

test("an execution's details: a modal over the dashboard with JavaScript, its own page without", async ({
  page,
  signInAs,
  visit,
  javaScriptEnabled,
}) => {
  const admin = await createAccount({ role: "admin" });
  const started = new Date(Date.now() - 60_000);
  const execution = await insertExecution({
    jobType: "opensecrets_import",
    status: "completed",
    trigger: "manual",
    triggeredById: admin.id,
    startedAt: started,
    completedAt: new Date(started.getTime() + 42_400),
    results: { processed: 1234, updated: 56, notes: "the test's own results" },
    parameters: { source: "e2e" },
    logs: "2026-11-22T10:00:00.000Z Started the test run\n2026-11-22T10:00:42.000Z Finished: completed",
  });
  await signInAs(admin.email);
  await visit("/admin");
  await page
    .getByTestId("job-opensecrets_import")
    .getByRole("link", { name: new RegExp(`^#${execution.id},`) })
    .click();

  const details = page.getByTestId("execution-details");
  if (javaScriptEnabled) {
    const dialog = page.getByRole("dialog", { name: "OpenSecrets Integration (Discontinued): Execution Details" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin\\?execution=${execution.id}$`));
  } else {
    await expect(page).toHaveURL(new RegExp(`/admin/job-execution/${execution.id}$`));
    await expect(page.getByRole("heading", { name: "Job Execution Details" })).toBeVisible();
  }
  await expect(details).toContainText("OpenSecrets Integration (Discontinued)");
  await expect(details).toContainText(`#${execution.id}`);
  await expect(details).toContainText("Completed");
  await expect(details).toContainText("Run by hand");
  await expect(details).toContainText("42 seconds");
  await expect(details).toContainText("1,234 / 56");
  await expect(details).toContainText('"notes": "the test\'s own results"');
  await expect(details).toContainText('"source": "e2e"');
  await expect(details).toContainText("Started the test run");

  if (javaScriptEnabled) {
    await page.getByRole("link", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin$/);
  } else {
    await page.getByRole("link", { name: "← Back to Dashboard" }).click();
    await expect(page).toHaveURL(/\/admin$/);
  }
});

test("the execution page: a running one is In progress; a missing or malformed id is Job execution not found (404)", async ({
  page,
  signInAs,
  visit,
}) => {
  const admin = await createAccount({ role: "admin" });
  await signInAs(admin.email);
  await exclusively(async () => {
    const running = await insertExecution({
      jobType: "housekeeping",
      status: "running",
      trigger: "manual",
      startedAt: new Date(),
      progressCompleted: 3,
      progressTotal: 8,
      currentItem: "expired sessions",
    });
    try {
      await visit(`/admin/job-execution/${running.id}`);
      const details = page.getByTestId("execution-details");
      await expect(details).toContainText("Running");
      await expect(details).toContainText("In progress");
      await expect(details).toContainText("3 of 8 (38%)");
      await expect(details).toContainText("Working on: expired sessions");
    } finally {
      await db.jobExecution.update({ where: { id: running.id }, data: { status: "completed", completedAt: new Date() } });
    }
  });
  for (const id of ["2147483646", "abc", "0012"]) {
    const response = await page.goto(`/admin/job-execution/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Job execution not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/admin");
  }
});

test("while a job runs the overview follows it: by itself every 5 s with JavaScript, on Refresh without", async ({
  page,
  signInAs,
  visit,
  javaScriptEnabled,
}) => {
  test.slow();
  const admin = await createAccount({ role: "admin" });
  await signInAs(admin.email);
  await exclusively(async () => {
    const running = await insertExecution({ jobType: "housekeeping", status: "running", trigger: "manual", startedAt: new Date() });
    try {
      await visit("/admin");
      const card = page.getByTestId("job-housekeeping");
      const row = card.getByRole("listitem").filter({ has: page.getByRole("link", { name: new RegExp(`^#${running.id},`) }) });
      await expect(row).toContainText("Running");
      await expect(page.getByText("A job is pending or running; this overview refreshes every 5 seconds.")).toBeVisible();
      await db.jobExecution.update({ where: { id: running.id }, data: { status: "completed", completedAt: new Date() } });
      if (javaScriptEnabled) {
        await expect(row).toContainText("Completed", { timeout: 15_000 }); // the page polls every 5 s
      } else {
        await expect(row).toContainText("Running"); // nothing changes by itself without JavaScript
        await page.getByRole("link", { name: "Refresh" }).click();
        await expect(row).toContainText("Completed");
      }
    } finally {
      await db.jobExecution.updateMany({
        where: { id: running.id, status: "running" },
        data: { status: "completed", completedAt: new Date() },
      });
    }
  });
});

test("a moderator sees the dashboard without the jobs: no overview, no schedule, no Run Full Chain; a forged POST is 403 and the execution page refused", async ({
  page,
  signInAs,
  visit,
}) => {
  const moderator = await createAccount({ role: "moderator" });
  await signInAs(moderator.email);
  await visit("/admin");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Scheduled Jobs" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Automated Schedule" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Run Full Chain" })).toHaveCount(0);

  for (const path of ["/admin?index", "/admin/dashboard"]) {
    const forged = await page.request.post(path, { form: { intent: "run-chain" }, failOnStatusCode: false });
    expect(forged.status()).toBe(403);
  }
  expect(await db.jobExecution.findFirst({ where: { triggeredById: moderator.id } })).toBeNull();

  const someone = await insertExecution({ jobType: "opensecrets_import", status: "completed", trigger: "manual", completedAt: new Date() });
  await page.goto(`/admin/job-execution/${someone.id}`);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId("toast")).toContainText("You need admin privileges to access this page.");
  await expect(page.getByTestId("execution-details")).toHaveCount(0);
});
