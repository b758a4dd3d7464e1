// /admin/batch-jobs: the congress import's page, admins only (docs/decisions/0014-job-pages.md).
// Current status, Trigger Import (a POST form, disabled while
// the import is busy), progress, the schedule, next run, records imported, last duration and the
// recent executions. With JavaScript the page refreshes every 5 s; without it, the Refresh link.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { can } from "~/auth/permissions";
import { requirePermission } from "~/auth/permissions.server";
import { DetailItem } from "~/components/detail-item";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { BackLink, ExecutionHistory, RefreshLink, RunJobForm, isBusy } from "~/components/job-history";
import { ProgressBar, usePolling } from "~/components/job-status";
import { formatJobTime } from "~/lib/dates";
import { useToast } from "~/components/toaster";
import { db } from "~/db.server";
import { jobClock } from "~/jobs/control.server";
import { BATCH_JOB, JOB_DEFINITIONS } from "~/jobs/definitions";
import { JOB_PAGE_DENIED, runJobAction, type JobPageFailure } from "~/jobs/job-pages.server";
import { batchStatus, currentExecution, jobHistory } from "~/models/jobs.server";

export const meta: MetaFunction = () => [{ title: "Batch Job Management · Civic Atlas" }];

const PAGE = "/admin/batch-jobs";

/**
 * The batch status shown: running, completed or failed, and completed with errors (a completed run some of whose
 * items failed, issue 26); any other value is unknown; no run at all is idle.
 */
function batchStatusLabel(status: string | null): string {
  if (status === null) return "Idle";
  return (
    { running: "Running", completed: "Completed", completed_with_errors: "Completed with errors", failed: "Failed" }[status] ?? "Unknown"
  );
}

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, "page:batch-jobs", JOB_PAGE_DENIED);
  const [status, history, current] = await Promise.all([
    batchStatus(db, jobClock()),
    jobHistory(db, BATCH_JOB, 10),
    currentExecution(db, BATCH_JOB),
  ]);
  return {
    status,
    history,
    current,
    canTrigger: can(viewer.role, "batch-jobs:create"),
    now: new Date().toISOString(),
    timeZone: jobClock().timeZone,
  };
}

export const action = ({ request }: ActionFunctionArgs) =>
  runJobAction(request, {
    page: PAGE,
    pagePermission: "page:batch-jobs",
    runPermission: "batch-jobs:create",
    type: BATCH_JOB,
    started: { title: "Congress data import has been triggered." },
    fallback: "Failed to trigger import",
  });

export default function BatchJobs() {
  const { status, history, current, canTrigger, now, timeZone } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() as JobPageFailure | undefined;
  useToast(failure?.toast);
  const location = useLocation();
  const busy = isBusy(current?.status);
  usePolling(true); // the batch status is polled every 5 s
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <BackLink to="/admin" label="Back to Dashboard" />
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">Batch Job Management</h1>
        <RefreshLink to={location.pathname} />
      </div>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{JOB_DEFINITIONS[BATCH_JOB].description}</p>

      <section aria-labelledby="status-heading" className="mt-6 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 id="status-heading" className="text-xl font-semibold">
            Current status: <span data-testid="batch-status">{batchStatusLabel(status.status)}</span>
          </h2>
          {canTrigger && <RunJobForm label="Trigger Import" busy={busy} error={failure?.message} />}
        </div>
        <div className="mt-4">
          <ProgressBar completed={status.progress.completed} total={status.progress.total} currentItem={current?.progress.currentItem} />
        </div>
        <dl className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          <DetailItem label="Schedule">Daily at 2:00 AM</DetailItem>
          <DetailItem label="Next scheduled time">{formatJobTime(status.nextRun, timeZone, "Not scheduled")}</DetailItem>
          <DetailItem label="Last run">{formatJobTime(status.lastRun, timeZone)}</DetailItem>
          <DetailItem label="Records imported">{status.recordsImported ?? "—"}</DetailItem>
          <DetailItem label="Last duration">{status.lastDuration === null ? "—" : `${status.lastDuration} s`}</DetailItem>
        </dl>
      </section>

      <section aria-labelledby="history-heading" className="mt-8">
        <h2 id="history-heading" className="text-xl font-semibold">
          Recent Executions
        </h2>
        <div className="mt-3">
          <ExecutionHistory
            timeZone={timeZone}
            executions={history}
            now={now}
            caption="Recent congress import executions, newest first"
            counts={[
              { header: "Records processed", key: "processed" },
              { header: "Updated", key: "updated" },
            ]}
            errorDetailsAt={`/admin/integration/${BATCH_JOB}`}
          />
        </div>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
