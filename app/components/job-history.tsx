// What the batch, crawler and integration pages share: the run button (with its "Running..."
// moment), the execution history table, and the Error Details dialog. Every change is a POST form
// to the page's action; the dialog's open state is in the URL (?error={id}), so all of it works
// without JavaScript (docs/decisions/0014-job-pages.md).
import { Form, Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { StatusBadge } from "~/components/badge";
import { buttonClass, textLinkClass } from "~/components/button";
import { DataTable } from "~/components/data-table";
import { DetailItem } from "~/components/detail-item";
import { Dialog } from "~/components/dialog";
import { useIsPending } from "~/components/forms";
import { executionStatusLook } from "~/components/job-status";
import { BUSY_STATUSES, ERROR_STATUSES } from "~/jobs/definitions";
import { formatJobTime } from "~/lib/dates";

/** An execution as loader data carries it (dates as strings after serialisation). */
export type HistoryExecution = {
  id: number;
  jobName: string;
  status: string;
  errorMessage: string | null;
  errorReviewed: boolean;
  errorViewedAt?: string | Date | null;
  results: unknown;
  parameters?: unknown;
  startedAt: string | Date | null;
  completedAt: string | Date | null;
  createdAt: string | Date;
  durationSeconds: number | null;
  progress: { completed: number; total: number; currentItem: string | null };
};

/** Manual run indicator: the button reads "Running..." for 5 s after a start. */
const RUN_INDICATOR_MS = 5_000;

export const isBusy = (status: string | null | undefined) => (BUSY_STATUSES as readonly string[]).includes(status ?? "");
/** A failed, cancelled or completed-with-errors run with a message has an error to show. */
export const hasError = (e: Pick<HistoryExecution, "status" | "errorMessage">) =>
  (ERROR_STATUSES as readonly string[]).includes(e.status) && Boolean(e.errorMessage);

const UNITS: [number, string][] = [
  [86_400, "day"],
  [3_600, "hour"],
  [60, "minute"],
  [1, "second"],
];

/**
 * "5 seconds ago", "3 minutes ago", "2 days ago", measured from the loader's `now` so the server's
 * text and the browser's hydration agree.
 */
export function ago(value: string | Date | null, now: string | Date): string {
  if (!value) return "Not started";
  const seconds = Math.max(0, Math.floor((new Date(now).getTime() - new Date(value).getTime()) / 1000));
  if (seconds < 1) return "just now";
  const [size, unit] = UNITS.find(([s]) => seconds >= s)!;
  const count = Math.floor(seconds / size);
  return `${count} ${unit}${count === 1 ? "" : "s"} ago`;
}

/** Whole seconds, or In progress while not finished. */
export const durationText = (e: Pick<HistoryExecution, "completedAt" | "durationSeconds">) =>
  e.completedAt ? `${e.durationSeconds ?? 0} s` : "In progress";

const count = (results: unknown, key: string) => {
  const value = (results as Record<string, unknown> | null)?.[key];
  return typeof value === "number" ? value : "—";
};

/**
 * The run button of a job page. Disabled while the job is busy; with JavaScript it reads
 * "Running..." for 5 s after a start the server accepted. A refusal (409 busy)
 * shows as the form's error.
 */
export function RunJobForm({ label, busy, error }: { label: string; busy: boolean; error?: string | null }) {
  const submitting = useIsPending({ fields: { intent: "run" }, state: "non-idle" });
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const submitted = useRef(false);
  useEffect(() => {
    if (submitting) submitted.current = true;
    else if (submitted.current) {
      submitted.current = false;
      if (!error) setStartedAt(Date.now());
    }
  }, [submitting, error]);
  useEffect(() => {
    if (startedAt === null) return;
    const timer = setTimeout(() => setStartedAt(null), RUN_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [startedAt]);
  const running = busy || submitting || startedAt !== null;
  return (
    <Form method="post" className="space-y-1">
      <button type="submit" name="intent" value="run" className={buttonClass.primary} disabled={running}>
        {running ? "Running..." : label}
      </button>
      {error && (
        <p role="alert" className="max-w-prose text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </Form>
  );
}

/**
 * The last runs of a job, newest first: status badge (a button that opens the Error Details when the
 * run has an error and `errorDetailsAt` is given), job name, when it started, processed and updated counts,
 * duration, and Cancel for a pending or running run when `canCancel`.
 */
export function ExecutionHistory({
  executions,
  now,
  timeZone,
  caption,
  canCancel = false,
  errorDetailsAt,
  empty = "No execution history available",
  counts = [
    { header: "Processed", key: "processed" },
    { header: "Updated", key: "updated" },
  ],
}: {
  executions: HistoryExecution[];
  now: string | Date;
  /** The jobs' zone (JOBS_TIME_ZONE): job times are shown in it, like the schedules. */
  timeZone: string;
  caption: string;
  canCancel?: boolean;
  /** The job page that shows a run's Error Details: the badge POSTs there (intent "view"), which records the view and opens it. */
  errorDetailsAt?: string;
  empty?: string;
  /** The result counts shown, each a key of the run's results. */
  counts?: { header: string; key: string }[];
}) {
  return (
    <DataTable
      caption={caption}
      rows={executions}
      rowKey={(e) => e.id}
      empty={empty}
      columns={[
        {
          header: "Status",
          cell: (e) =>
            errorDetailsAt && hasError(e) ? (
              <Form method="post" action={errorDetailsAt} preventScrollReset>
                <input type="hidden" name="id" value={e.id} />
                <button type="submit" name="intent" value="view" aria-label={`Error details of run ${e.id}`} className="rounded-full">
                  <StatusBadge status={e.status} look={executionStatusLook} />
                </button>
              </Form>
            ) : (
              <StatusBadge status={e.status} look={executionStatusLook} />
            ),
        },
        { header: "Run", cell: (e) => <Link to={`/admin/job-execution/${e.id}`}>#{e.id}</Link> },
        { header: "Job", cell: (e) => e.jobName },
        {
          header: "Started",
          cell: (e) => <span title={e.startedAt ? formatJobTime(e.startedAt, timeZone) : undefined}>{ago(e.startedAt, now)}</span>,
        },
        ...counts.map(({ header, key }) => ({ header, cell: (e: HistoryExecution) => count(e.results, key) })),
        { header: "Duration", cell: durationText },
        ...(canCancel
          ? [
              {
                header: "Actions",
                cell: (e: HistoryExecution) =>
                  isBusy(e.status) ? (
                    <Form method="post">
                      <input type="hidden" name="id" value={e.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="cancel"
                        className={buttonClass.secondary}
                        aria-label={`Cancel run ${e.id}`}
                      >
                        Cancel
                      </button>
                    </Form>
                  ) : null,
              },
            ]
          : []),
      ]}
    />
  );
}

/**
 * The Error Details dialog of a failed, cancelled or completed-with-errors run: timestamp, message, the
 * run's details as formatted data, and a Reviewed button (a POST form). The run's badge opens it with a
 * POST that records the view, with JavaScript or without; its URL opened directly (a GET) records nothing.
 */
export function ErrorDetailsDialog({ execution, closeTo, timeZone }: { execution: HistoryExecution; closeTo: string; timeZone: string }) {
  const details = { results: execution.results ?? null, parameters: execution.parameters ?? null };
  return (
    <Dialog title="Error Details" closeTo={closeTo} wide>
      <dl className="grid gap-3 sm:grid-cols-2">
        <DetailItem label="Job">
          {execution.jobName} (run #{execution.id})
        </DetailItem>
        <DetailItem label="Status">
          <StatusBadge status={execution.status} look={executionStatusLook} />
        </DetailItem>
        <DetailItem label="Timestamp">
          {formatJobTime(execution.completedAt ?? execution.startedAt ?? execution.createdAt, timeZone)}
        </DetailItem>
        <DetailItem label="Reviewed">{execution.errorReviewed ? "Yes" : "Not yet"}</DetailItem>
      </dl>
      <h3 className="mt-4 text-sm font-semibold">Message</h3>
      <p data-testid="error-message" className="mt-1 break-words rounded-md bg-red-50 p-3 text-red-900 dark:bg-red-950 dark:text-red-100">
        {execution.errorMessage}
      </p>
      <h3 className="mt-4 text-sm font-semibold">Details</h3>
      <pre className="mt-1 whitespace-pre-wrap break-words rounded-md bg-slate-100 p-3 text-xs dark:bg-slate-800">
        {JSON.stringify(details, null, 2)}
      </pre>
      <div className="mt-4 flex justify-end gap-2">
        <Link to={closeTo} replace preventScrollReset className={buttonClass.secondary}>
          Close
        </Link>
        {!execution.errorReviewed && (
          <Form method="post">
            <input type="hidden" name="id" value={execution.id} />
            <button type="submit" name="intent" value="review" className={buttonClass.primary}>
              Reviewed
            </button>
          </Form>
        )}
      </div>
    </Dialog>
  );
}

/** The Refresh link of a job page: reloads it (the way to see progress without JavaScript). */
export function RefreshLink({ to }: { to: string }) {
  return (
    <Link to={to} className={buttonClass.secondary} preventScrollReset>
      Refresh
    </Link>
  );
}

/** A back link at the top of a job page. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className={`text-sm ${textLinkClass}`}>
      ← {label}
    </Link>
  );
}
