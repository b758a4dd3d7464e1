// One job execution's details (type, status, times, parameters, results, error, logs): the dashboard's execution modal and the page
// /admin/job-execution/{id} (the same details without JavaScript) both show this.
import { StatusBadge } from "~/components/badge";
import { DetailItem } from "~/components/detail-item";
import { executionStatusLook, ProgressBar } from "~/components/job-status";
import { formatJobTime } from "~/lib/dates";

type When = Date | string | null;

export type ExecutionDetailsData = {
  id: number;
  jobName: string;
  status: string;
  trigger: string;
  parameters: unknown;
  results: unknown;
  errorMessage: string | null;
  progress: { completed: number; total: number; currentItem: string | null };
  startedAt: When;
  completedAt: When;
  durationSeconds: number | null;
  logs?: string | null;
};

const TRIGGERS: Record<string, string> = { schedule: "Schedule", manual: "Run by hand", chain: "Full chain" };

/** Whole seconds, or "In progress" while not completed; a run cancelled before it started has none. */
export function durationText(execution: Pick<ExecutionDetailsData, "completedAt" | "durationSeconds">): string {
  if (!execution.completedAt) return "In progress";
  if (execution.durationSeconds === null) return "Not started";
  return `${execution.durationSeconds} second${execution.durationSeconds === 1 ? "" : "s"}`;
}

const count = (results: unknown, key: "processed" | "updated") => {
  const value = results && typeof results === "object" ? (results as Record<string, unknown>)[key] : undefined;
  return typeof value === "number" ? value.toLocaleString("en-US") : "—";
};

export function ExecutionDetails({ execution, timeZone }: { execution: ExecutionDetailsData; timeZone: string }) {
  return (
    <div className="space-y-4" data-testid="execution-details">
      <dl className="grid gap-4 sm:grid-cols-2">
        <DetailItem label="Job">{execution.jobName}</DetailItem>
        <DetailItem label="Execution">#{execution.id}</DetailItem>
        <DetailItem label="Status">
          <StatusBadge status={execution.status} look={executionStatusLook} />
        </DetailItem>
        <DetailItem label="Trigger">{TRIGGERS[execution.trigger] ?? execution.trigger}</DetailItem>
        <DetailItem label="Started">{formatJobTime(execution.startedAt, timeZone, "Not started")}</DetailItem>
        <DetailItem label="Completed">{formatJobTime(execution.completedAt, timeZone, "Not completed")}</DetailItem>
        <DetailItem label="Duration">{durationText(execution)}</DetailItem>
        <DetailItem label="Processed / updated">
          {count(execution.results, "processed")} / {count(execution.results, "updated")}
        </DetailItem>
      </dl>
      {execution.status === "running" && <ProgressBar {...execution.progress} />}
      {execution.errorMessage && (
        <div>
          <h3 className="text-sm font-semibold">Error message</h3>
          <p className="mt-1 rounded-md border border-red-700 bg-red-50 p-3 text-red-900 dark:bg-red-950 dark:text-red-100">
            {execution.errorMessage}
          </p>
        </div>
      )}
      <FormattedData title="Results" value={execution.results} empty="No results recorded." />
      {execution.parameters !== null && <FormattedData title="Parameters" value={execution.parameters} empty="None." />}
      <div>
        <h3 className="text-sm font-semibold">Log</h3>
        <pre className="mt-1 whitespace-pre-wrap break-words rounded-md border border-slate-200 bg-slate-50 p-3 text-xs dark:border-slate-700 dark:bg-slate-950">
          {execution.logs || "No log lines."}
        </pre>
      </div>
    </div>
  );
}

function FormattedData({ title, value, empty }: { title: string; value: unknown; empty: string }) {
  return (
    <div>
      <h3 className="text-sm font-semibold">{title}</h3>
      {value === null || value === undefined ? (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{empty}</p>
      ) : (
        <pre className="mt-1 whitespace-pre-wrap break-words rounded-md border border-slate-200 bg-slate-50 p-3 text-xs dark:border-slate-700 dark:bg-slate-950">
          {JSON.stringify(value, null, 2)}
        </pre>
      )}
    </div>
  );
}
