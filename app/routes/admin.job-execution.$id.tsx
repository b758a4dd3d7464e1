// /admin/job-execution/{id}: one job execution's details as a page, where the dashboard's
// execution modal leads without JavaScript. Open to whoever may read the scheduled jobs.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, isRouteErrorResponse, useLoaderData, useLocation, useRouteError } from "@remix-run/react";
import { DENIED, requirePermission } from "~/auth/permissions.server";
import { buttonClass, textLinkClass } from "~/components/button";
import { GeneralErrorBoundary, NotFoundPage } from "~/components/error-boundary";
import { ExecutionDetails } from "~/components/execution-details";
import { usePolling } from "~/components/job-status";
import { db } from "~/db.server";
import { jobClock } from "~/jobs/control.server";
import { BUSY_STATUSES, JOB_TEXTS } from "~/jobs/definitions";
import { IdParam } from "~/lib/route-params";
import { findExecution } from "~/models/jobs.server";

export const meta: MetaFunction = () => [{ title: "Job Execution · Civic Atlas" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "scheduled-jobs:view", DENIED.adminOnly);
  const id = IdParam.safeParse(params.id);
  const execution = id.success ? await findExecution(db, id.data) : null;
  if (!execution) throw data({ message: JOB_TEXTS.executionNotFound }, { status: 404 });
  return { execution, timeZone: jobClock().timeZone };
}

export default function JobExecutionPage() {
  const { execution, timeZone } = useLoaderData<typeof loader>();
  const location = useLocation();
  const busy = (BUSY_STATUSES as readonly string[]).includes(execution.status);
  usePolling(busy);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Link to="/admin" className={`text-sm ${textLinkClass}`}>
        ← Back to Dashboard
      </Link>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">Job Execution Details</h1>
        {busy && (
          <Link to={location.pathname} className={buttonClass.secondary}>
            Refresh
          </Link>
        )}
      </div>
      <div className="mt-6">
        <ExecutionDetails execution={execution} timeZone={timeZone} />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404)
    return (
      <NotFoundPage
        title={JOB_TEXTS.executionNotFound}
        message="There is no job execution with this number."
        back={{ to: "/admin", label: "Back to Dashboard" }}
      />
    );
  return <GeneralErrorBoundary />;
}
