// /admin/contact-crawler: the contact crawl's page, admins only (docs/decisions/0014-job-pages.md).
// Status (Running or Idle only), Run Full Crawl (a POST form,
// disabled while a crawl waits or runs), the progress bar with the official being crawled while a
// crawl runs, else how the last crawl ended (finished, failed or cancelled, and how far it got), the
// schedule (decision 0010: daily at 5:00 AM, from the job's definition), next run, success rate,
// total representatives, how it works and the recent crawls. With JavaScript the page refreshes
// every 5 s; without it, the Refresh link.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { can } from "~/auth/permissions";
import { requirePermission } from "~/auth/permissions.server";
import { Badge } from "~/components/badge";
import { DetailItem } from "~/components/detail-item";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { BackLink, ExecutionHistory, RefreshLink, RunJobForm, isBusy } from "~/components/job-history";
import { ProgressBar, usePolling } from "~/components/job-status";
import { formatJobTime } from "~/lib/dates";
import { useToast } from "~/components/toaster";
import { db } from "~/db.server";
import { jobClock } from "~/jobs/control.server";
import { CRAWLER_JOB, JOB_DEFINITIONS } from "~/jobs/definitions";
import { JOB_PAGE_DENIED, runJobAction, type JobPageFailure } from "~/jobs/job-pages.server";
import { getAdminStats } from "~/models/admin-stats.server";
import { crawlerStatus, currentExecution, jobHistory } from "~/models/jobs.server";

export const meta: MetaFunction = () => [{ title: "Contact Crawler · Civic Atlas" }];

const PAGE = "/admin/contact-crawler";
/** Crawler history error messages are cut to 100 characters. */
const ERROR_LENGTH = 100;
const definition = JOB_DEFINITIONS[CRAWLER_JOB];
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, "page:contact-crawler", JOB_PAGE_DENIED);
  const [status, history, current, stats] = await Promise.all([
    crawlerStatus(db, jobClock()),
    jobHistory(db, CRAWLER_JOB, 10),
    currentExecution(db, CRAWLER_JOB),
    getAdminStats(db),
  ]);
  return {
    status,
    history: history.map((e) => ({
      ...e,
      errorMessage:
        e.errorMessage && e.errorMessage.length > ERROR_LENGTH ? `${e.errorMessage.slice(0, ERROR_LENGTH - 1)}…` : e.errorMessage,
    })),
    busy: isBusy(current?.status),
    totalRepresentatives: stats.totalRepresentatives,
    canRun: can(viewer.role, "crawler-jobs:create"),
    now: new Date().toISOString(),
    timeZone: jobClock().timeZone,
  };
}

export const action = ({ request }: ActionFunctionArgs) =>
  runJobAction(request, {
    page: PAGE,
    pagePermission: "page:contact-crawler",
    runPermission: "crawler-jobs:create",
    type: CRAWLER_JOB,
    started: { title: "Contact crawler has been triggered." },
    fallback: "Failed to trigger crawler",
  });

export default function ContactCrawler() {
  const { status, history, busy, totalRepresentatives, canRun, now, timeZone } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() as JobPageFailure | undefined;
  useToast(failure?.toast);
  const location = useLocation();
  usePolling(true); // the crawler status is polled every 5 s
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <BackLink to="/admin" label="Back to Dashboard" />
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">Contact Crawler</h1>
        <RefreshLink to={location.pathname} />
      </div>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{definition.description}</p>

      <section aria-labelledby="status-heading" className="mt-6 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 id="status-heading" className="flex items-center gap-2 text-xl font-semibold">
            Status:{" "}
            <span data-testid="crawler-status">
              <Badge tone={status.isRunning ? "warn" : "neutral"}>{status.isRunning ? "Running" : "Idle"}</Badge>
            </span>
          </h2>
          {canRun && <RunJobForm label="Run Full Crawl" busy={busy} error={failure?.message} />}
        </div>
        <div className="mt-4">
          {status.progress ? (
            <ProgressBar
              label="Crawl progress"
              completed={status.progress.completed}
              total={status.progress.total}
              currentItem={status.currentRepresentative}
            />
          ) : (
            <p data-testid="last-crawl" className="text-slate-700 dark:text-slate-300">
              {status.lastCrawl
                ? `The last crawl (run #${status.lastCrawl.id}) ${status.lastCrawl.ending} after ${status.lastCrawl.completed} of ${status.lastCrawl.total} representatives.`
                : "No crawl has run yet."}
            </p>
          )}
        </div>
        <dl className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          <DetailItem label="Schedule">{definition.scheduleText}</DetailItem>
          <DetailItem label="Next scheduled time">{formatJobTime(status.nextRunAt, timeZone, "Not scheduled")}</DetailItem>
          <DetailItem label="Last run">{formatJobTime(status.lastRunAt, timeZone)}</DetailItem>
          <DetailItem label="Success rate">
            {status.successRate === null ? "No finished crawl yet" : `${status.successRate}% of sites in the last finished crawl`}
          </DetailItem>
          <DetailItem label="Total representatives">
            {totalRepresentatives} in office, {status.withWebsite} with a website to crawl
          </DetailItem>
        </dl>
      </section>

      <section aria-labelledby="how-heading" className="mt-6 max-w-3xl">
        <h2 id="how-heading" className="text-xl font-semibold">
          How it works
        </h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          The crawler runs automatically {lowerFirst(definition.scheduleText)}. {definition.documentation}
        </p>
      </section>

      <section aria-labelledby="history-heading" className="mt-8">
        <h2 id="history-heading" className="text-xl font-semibold">
          Recent Crawl Executions
        </h2>
        <div className="mt-3">
          <ExecutionHistory
            timeZone={timeZone}
            executions={history}
            now={now}
            caption="Recent crawl executions, newest first"
            counts={[
              { header: "Representatives processed", key: "processed" },
              { header: "Contacts collected", key: "contactsCollected" },
            ]}
            errorDetailsAt={`/admin/integration/${CRAWLER_JOB}`}
          />
        </div>
        {history.some((e) => e.errorMessage) && (
          <ul className="mt-3 space-y-1 text-sm" aria-label="Crawl errors">
            {history
              .filter((e) => e.errorMessage)
              .map((e) => (
                <li key={e.id}>
                  Run #{e.id}: {e.errorMessage}
                </li>
              ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
