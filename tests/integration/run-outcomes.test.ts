// Runs say what happened, through the real runner, the real jobs and this file's own
// database copy: a congress import whose photos mostly fail keeps its summaries and warnings and
// folds the failures; a Ballotpedia run whose every lookup fails is "Completed with errors" with an
// error to review on the dashboard and the job page; an import whose source cannot be reached
// fails with a sentence for staff.
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { ballotpediaImport } from "~/jobs/ballotpedia-import.server";
import type { JobType } from "~/jobs/definitions";
import { RUN_LOG_LIMITS, type JobFunction } from "~/jobs/job";
import { JOB_FUNCTIONS } from "~/jobs/registry.server";
import { allowOutboundForTests } from "~/jobs/outbound-guard.server";
import { createRunner } from "~/jobs/runner.server";
import type { JobSources } from "~/jobs/sources";
import { queueRun } from "~/models/jobs.server";
import * as dashboard from "~/routes/admin._index";
import * as integrationPage from "~/routes/admin.integration.$type";
import { startFixtureServer } from "../support/fixture-server";
import { startRecordedSources } from "../support/recorded-sources";
import { cookieFor } from "../support/route-calls";

let recorded: Awaited<ReturnType<typeof startRecordedSources>>;
let admin: string;
beforeAll(async () => {
  recorded = await startRecordedSources();
  admin = await cookieFor("admin@civicatlas.test");
});
afterAll(() => recorded.close());

/** Queues one run of `type` and lets a runner with these jobs, sources and fetch work through it. */
async function runOnce(
  type: JobType,
  {
    jobs = JOB_FUNCTIONS,
    sources = recorded.sources,
    fetch,
  }: { jobs?: Partial<Record<JobType, JobFunction>>; sources?: JobSources; fetch?: typeof globalThis.fetch } = {},
) {
  const runner = createRunner({ db, jobs, sources, fetch });
  try {
    const { id } = await queueRun(db, type, { trigger: "manual" });
    await runner.wake();
    return await db.jobExecution.findUniqueOrThrow({ where: { id } });
  } finally {
    await runner.stop();
  }
}

/** A log's lines without their timestamps. */
const linesOf = (logs: string | null) => (logs ?? "").split("\n").map((line) => line.replace(/^\S+ /, ""));

/** Calls a page's loader or action as Remix does: plain data, data() with a status, or a Response. */
async function callPage(
  handler: (args: never) => unknown,
  path: string,
  { params = {}, form }: { params?: Record<string, string>; form?: Record<string, string> } = {},
) {
  const request = new Request(`http://localhost${path}`, {
    method: form ? "POST" : "GET",
    headers: { Cookie: admin },
    body: form ? new URLSearchParams(form) : undefined,
  });
  let result: unknown;
  try {
    result = await handler({ request, params, context: { cspNonce: "", ipAddress: "127.0.0.1" } } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, data: null as unknown, location: result.headers.get("Location") };
  const shaped = result as { type?: string; data?: unknown; init?: { status?: number } | null };
  if (shaped.type === "DataWithResponseInit") return { status: shaped.init?.status ?? 200, data: shaped.data, location: null };
  return { status: 200, data: result, location: null };
}

describe("a congress import whose photos mostly fail", { timeout: 180_000 }, () => {
  test("keeps its step, Congress and governors summaries, the warning and every change line; the photo failures are folded", async () => {
    const row = await runOnce("congress_import");
    const results = row.results as { photos: { stored: number; failed: number }; inserted: number; updated: number };
    // The recorded sources hold two members' portraits and one governor's; every other is missing.
    expect(results.photos.stored).toBeGreaterThanOrEqual(3);
    expect(results.photos.failed).toBeGreaterThan(500);
    expect(row.status).toBe("completed_with_errors");
    expect(row.errorMessage).toMatch(
      new RegExp(
        `^${results.photos.failed} of ${results.photos.failed + results.photos.stored} photos not available; first: Photo of .+ not stored: http://127\\.0\\.0\\.1:\\d+/.+: HTTP 404, no such page at the source$`,
      ),
    );

    const lines = linesOf(row.logs);
    for (const summary of [
      /^Step 1 of 3: /,
      /^Congress: 537 members/,
      /^Step 2 of 3: /,
      /^Governors: \d+ files read/,
      /^Step 3 of 3: photos$/,
    ])
      expect(
        lines.some((line) => summary.test(line)),
        String(summary),
      ).toBe(true);
    // The recorded openstates files have no current governor for three states: the warning stays.
    expect(lines.filter((line) => /no current governor/.test(line))).toHaveLength(1);
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(`^Photos: ${results.photos.stored} stored, \\d+ unchanged, ${results.photos.failed} not available$`),
      ),
    );
    // Every change is a line of its own.
    expect(lines.filter((line) => /^(Added|Updated) /.test(line)).length).toBeGreaterThanOrEqual(results.inserted + results.updated);
    expect(lines.filter((line) => line.startsWith("Photo of"))).toHaveLength(RUN_LOG_LIMITS.itemsPerKind);
    expect(lines).toContain(`${results.photos.failed} photos not available (the first 5 are listed above)`);
    expect(lines.some((line) => /lines not kept/.test(line))).toBe(false);
    expect(lines.at(-1)).toMatch(/^Finished: completed_with_errors \(/);
  });
});

describe("a Ballotpedia run where every lookup fails", () => {
  test("is Completed with errors, with an error to review on the dashboard and the job page, until it is marked reviewed", async () => {
    const nowhere = await startFixtureServer({}); // robots.txt and every page: 404
    const row = await runOnce("ballotpedia_import", {
      jobs: { ballotpedia_import: (ctx) => ballotpediaImport(ctx, { intervalMs: 0 }) },
      sources: { ...recorded.sources, ballotpedia: nowhere.url },
    }).finally(() => nowhere.close());
    const officials = await db.official.count({ where: { isActive: true } });
    expect(row.status).toBe("completed_with_errors");
    expect(row.results).toMatchObject({ processed: officials, verified: 0, failed: officials });
    expect(row.errorMessage).toMatch(
      new RegExp(`^${officials} of ${officials} Ballotpedia lookups failed; first: .+: HTTP 404, no Ballotpedia page by this name$`),
    );
    expect(linesOf(row.logs)).toContain(`${officials} Ballotpedia lookups failed (the first 5 are listed above)`);

    // The dashboard: the job's card shows it with the Error to Review count.
    const board = await callPage(dashboard.loader, "/admin");
    const card = (
      board.data as { scheduled: { jobs: { jobType: string; currentStatus: string; unreviewedErrorCount: number }[] } }
    ).scheduled.jobs.find((job) => job.jobType === "ballotpedia_import")!;
    expect(card).toMatchObject({ currentStatus: "completed_with_errors", unreviewedErrorCount: 1 });

    // The job page opens its Error Details, and Reviewed takes it off the count.
    const path = "/admin/integration/ballotpedia_import";
    const params = { type: "ballotpedia_import" };
    const page = await callPage(integrationPage.loader, `${path}?error=${row.id}`, { params });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      dialog: "error",
      errorRun: { id: row.id, status: "completed_with_errors", errorMessage: row.errorMessage },
    });
    const reviewed = await callPage(integrationPage.action, path, { params, form: { intent: "review", id: String(row.id) } });
    expect(reviewed.status).toBe(302);
    const after = await callPage(dashboard.loader, "/admin");
    expect(
      (after.data as { scheduled: { jobs: { jobType: string; unreviewedErrorCount: number }[] } }).scheduled.jobs.find(
        (job) => job.jobType === "ballotpedia_import",
      )!.unreviewedErrorCount,
    ).toBe(0);
  });
});

describe("an import whose source cannot be reached", () => {
  test("a refused connection fails the run with a sentence naming the host", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve)); // nothing listens there now
    allowOutboundForTests(`127.0.0.1:${port}`); // past the outbound guard, to the closed port
    const row = await runOnce("congress_import", { sources: { ...recorded.sources, congressLegislators: `http://127.0.0.1:${port}/cl` } });
    expect(row).toMatchObject({
      status: "failed",
      errorMessage: `Could not reach 127.0.0.1:${port}: the connection was refused (ECONNREFUSED)`,
      errorReviewed: false,
    });
  });

  test("a name that does not resolve fails the run with a sentence, not the bare code", async () => {
    const unresolvable: typeof fetch = async (input) => {
      const host = new URL(String(input)).hostname;
      throw new TypeError("fetch failed", { cause: Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" }) });
    };
    const row = await runOnce("congress_import", {
      sources: { ...recorded.sources, congressLegislators: "http://localhost/congress-legislators" },
      fetch: unresolvable,
    });
    expect(row).toMatchObject({ status: "failed", errorMessage: "Could not reach localhost: the name did not resolve (ENOTFOUND)" });
    expect(linesOf(row.logs).at(-1)).toBe("Finished: failed (Could not reach localhost: the name did not resolve (ENOTFOUND))");
  });
});
