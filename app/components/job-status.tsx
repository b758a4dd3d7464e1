// What every job page shows the same way: the statuses' words and colours, the progress bar,
// and the polling that keeps a job page current while JavaScript runs (a Refresh link does it without).
import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import type { StatusLook } from "~/components/badge";

/** A job's current status as the dashboard and integration pages name it; cancelled shows as Failed, anything unknown as Active. */
export function jobStatusLook(status: string): StatusLook {
  switch (status) {
    case "pending":
      return { label: "Pending", tone: "warn" };
    case "running":
      return { label: "Running", tone: "warn" };
    case "completed_with_errors":
      return { label: "Completed with errors", tone: "warn" };
    case "failed":
    case "cancelled":
      return { label: "Failed", tone: "bad" };
    case "skipped":
      return { label: "Skipped", tone: "neutral" };
    case "inactive":
    case "disabled":
      return { label: "Inactive", tone: "neutral" };
    default:
      return { label: "Active", tone: "good" };
  }
}

/** One run's status; cancelled shows as Failed. */
export function executionStatusLook(status: string): StatusLook {
  if (status === "completed") return { label: "Completed", tone: "good" };
  return jobStatusLook(status);
}

/** Completed of total, with the item being worked on; a native <progress>, so it needs no script. */
export function ProgressBar({
  completed,
  total,
  currentItem,
  label = "Progress",
}: {
  completed: number;
  total: number;
  currentItem?: string | null;
  label?: string;
}) {
  const percent = total > 0 ? Math.min(100, Math.round((completed / total) * 100)) : 0;
  return (
    <div className="space-y-1">
      <div className="flex justify-between text-sm">
        <span>{label}</span>
        <span>
          {completed} of {total} ({percent}%)
        </span>
      </div>
      <progress className="h-2 w-full" value={completed} max={Math.max(total, 1)} aria-label={label}>
        {percent}%
      </progress>
      {currentItem ? <p className="text-sm text-slate-600 dark:text-slate-300">Working on: {currentItem}</p> : null}
    </div>
  );
}

/** Reloads the page's data every `ms` while `active` and the tab is visible (job status is polled every 5 s). */
export function usePolling(active: boolean, ms = 5_000) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const id = setInterval(() => {
      if (document.visibilityState === "visible") revalidate();
    }, ms);
    return () => clearInterval(id);
  }, [active, ms, revalidate]);
}
