// /admin (and /admin/dashboard, the same screen): the staff dashboard. The page
// admits moderators; the stats, the admin cards and the scheduled jobs (overview, Automated
// Schedule, Run Full Chain, the execution modal at ?execution={id}) are admin data
// (docs/decisions/0002, 0015).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigate } from "@remix-run/react";
import type { MouseEvent, ReactNode } from "react";
import { can } from "~/auth/permissions";
import { DENIED, requirePermission } from "~/auth/permissions.server";
import { STAFF_ROLE_LABELS } from "~/auth/roles";
import { Badge, StatusBadge } from "~/components/badge";
import { buttonClass, textLinkClass, linkClass } from "~/components/button";
import { Dialog } from "~/components/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ExecutionDetails } from "~/components/execution-details";
import { useIsPending } from "~/components/forms";
import { executionStatusLook, jobStatusLook, usePolling } from "~/components/job-status";
import { formatJobTime } from "~/lib/dates";
import { useToast } from "~/components/toaster";
import { db } from "~/db.server";
import { readFormData } from "~/form-data.server";
import { jobClock, runChain } from "~/jobs/control.server";
import { BUSY_STATUSES, JOB_DEFINITIONS, JOB_TEXTS } from "~/jobs/definitions";
import { Refusal } from "~/lib/refusal";
import { IdParam } from "~/lib/route-params";
import { getAdminStats } from "~/models/admin-stats.server";
import { digestCounts } from "~/models/digests.server";
import { countOpenMessages } from "~/models/contact-inbox.server";
import { findExecution, jobStatuses } from "~/models/jobs.server";
import { redirectWithToast } from "~/toast.server";

export const meta: MetaFunction = () => [{ title: "Admin Dashboard · Civic Atlas" }];

/** The title of every refusal of Run Full Chain (the server's message is its description). */
const CHAIN_FAILED = "Failed to Start Automation Chain";
const isBusy = (status: string) => (BUSY_STATUSES as readonly string[]).includes(status);

/** The scheduled jobs' part of the page: admin data, absent from a moderator's loader data. */
async function scheduledJobs(request: Request) {
  const clock = jobClock();
  const search = new URL(request.url).searchParams;
  const selectedId = search.has("execution") ? IdParam.safeParse(search.get("execution")) : null;
  const [jobs, selected] = await Promise.all([jobStatuses(db, clock), selectedId?.success ? findExecution(db, selectedId.data) : null]);
  return { jobs, timeZone: clock.timeZone, selection: selectedId ? { execution: selected } : null };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "page:dashboard", DENIED.dashboard);
  const [stats, digests, messages, scheduled] = await Promise.all([
    can(user.role, "system-stats:view") ? getAdminStats(db) : null,
    can(user.role, "system-stats:view") ? digestCounts(db, new Date()) : null,
    can(user.role, "contact-messages:manage") ? countOpenMessages(db) : null,
    can(user.role, "scheduled-jobs:view") ? scheduledJobs(request) : null,
  ]);
  const missingSelection = scheduled?.selection && !scheduled.selection.execution;
  return data({ role: user.role, stats, digests, messages, scheduled }, { status: missingSelection ? 404 : 200 });
}

/** Run Full Chain: refused while any job is pending or running. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "page:dashboard", DENIED.dashboard);
  const fail = (status: number, description: string) =>
    data({ toast: { title: CHAIN_FAILED, description, variant: "destructive" as const } }, { status });
  if (!can(user.role, "batch-jobs:create")) return fail(403, "Forbidden: your role does not allow this.");
  const intent = (await readFormData(request)).get("intent");
  if (intent !== "run-chain") return fail(400, "Unknown action.");
  try {
    await runChain(db, user.id);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return fail(error.status, error.message);
  }
  return redirectWithToast(new URL(request.url).pathname, { ...JOB_TEXTS.chainStarted });
}

export default function AdminDashboard() {
  const { role, stats, digests, messages, scheduled } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  useToast(failure?.toast);
  const cards = [
    can(role, "users:view") && {
      to: "/admin/users",
      title: "User Management",
      text: "Accounts, roles, status and the permissions matrix.",
    },
    can(role, "leads:manage") && { to: "/admin/leads", title: "Lead Management", text: "Mailing-list sign-ups from the welcome dialog." },
    can(role, "page:data-management") && {
      to: "/admin/data-management",
      title: "Data Management",
      text: "States, representatives and proposed data changes.",
    },
    can(role, "page:data-health") && {
      to: "/admin/data-health",
      title: "Data Health",
      text: "What the data does not say yet: empty seats, incoming officials, unconfirmed values, missing photos.",
    },
    can(role, "page:data-updates") && {
      to: "/admin/data-updates",
      title: "Data Updates",
      text: "Every proposed and decided change, with its previous and new data.",
    },
    can(role, "contact-messages:manage") && {
      to: "/admin/messages",
      title: "Contact Messages",
      text: "Every message sent through the contact form.",
    },
  ].filter((c) => c !== false);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold">Admin Dashboard</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Signed in as {STAFF_ROLE_LABELS[role]}. Data refreshes nightly and the contact crawler runs daily.
      </p>

      {stats && (
        <section aria-labelledby="stats-heading" className="mt-8">
          <h2 id="stats-heading" className="sr-only">
            Statistics
          </h2>
          <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-6">
            <Stat label="Total Users" value={stats.totalUsers} />
            <Stat label="Admins" value={stats.adminUsers} />
            <Stat label="Moderators" value={stats.moderatorUsers} />
            <Stat label="Pending Updates" value={stats.pendingDataUpdates} to="/admin/data-management?tab=pending" />
            <Stat label="Active Crawler Jobs" value={stats.activeCrawlerJobs} />
            <Stat label="Representatives" value={stats.totalRepresentatives} />
          </ul>
          {digests && (
            <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
              Email digests in the last {digests.days} days: {digests.sent.toLocaleString("en-US")} sent,{" "}
              {digests.failed.toLocaleString("en-US")} not sent.
            </p>
          )}
        </section>
      )}

      {messages && (
        <section aria-labelledby="messages-heading" className="mt-6 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
          <h2 id="messages-heading" className="font-semibold">
            Contact messages
          </h2>
          <p className="mt-1" data-testid="message-counts">
            <Link to="/admin/messages?filter=unhandled" className={`font-medium ${linkClass}`}>
              {messages.unhandled} unhandled
            </Link>
            {", "}
            <Link to="/admin/messages?filter=unsent" className={`font-medium ${linkClass}`}>
              {messages.unsent} not delivered to support
            </Link>
          </p>
        </section>
      )}

      {scheduled && <ScheduledJobs {...scheduled} canRunChain={can(role, "batch-jobs:create")} />}

      <section aria-labelledby="manage-heading" className="mt-8">
        <h2 id="manage-heading" className="text-xl font-bold">
          Management
        </h2>
        <ul className="mt-4 grid gap-4 md:grid-cols-2 lg:grid-cols-4">
          {cards.map((card) => (
            <li key={card.to}>
              <Link
                to={card.to}
                className="block h-full rounded-lg border border-slate-200 p-4 hover:border-blue-700 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-900"
              >
                <span className="block font-semibold text-blue-800 dark:text-blue-200">{card.title}</span>
                <span className="mt-1 block text-sm text-slate-700 dark:text-slate-300">{card.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

type Scheduled = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["scheduled"]>;
type Job = Scheduled["jobs"][number];

/**
 * The Scheduled Jobs overview, the Automated Schedule card and Run Full Chain.
 * While a job waits or runs the page reloads its data every 5 s with JavaScript; Refresh does it
 * without.
 */
function ScheduledJobs({ jobs, timeZone, selection, canRunChain }: Scheduled & { canRunChain: boolean }) {
  const location = useLocation();
  const busy = jobs.some((job) => isBusy(job.currentStatus) || job.recentHistory.some((e) => isBusy(e.status)));
  usePolling(busy);
  const starting = useIsPending({ fields: { intent: "run-chain" } });
  return (
    <>
      <section aria-labelledby="jobs-heading" className="mt-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="jobs-heading" className="text-xl font-bold">
            Scheduled Jobs
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <Link to={location.pathname} className={buttonClass.secondary} preventScrollReset>
              Refresh
            </Link>
            {canRunChain && (
              <Form method="post" preventScrollReset>
                <button type="submit" name="intent" value="run-chain" className={buttonClass.primary} disabled={starting}>
                  {starting ? "Starting..." : "Run Full Chain"}
                </button>
              </Form>
            )}
          </div>
        </div>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {busy ? "A job is pending or running; this overview refreshes every 5 seconds." : "No job is pending or running."}
        </p>
        <ul className="mt-4 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {jobs.map((job) => (
            <JobCard key={job.jobType} job={job} timeZone={timeZone} />
          ))}
        </ul>
      </section>

      <AutomatedSchedule jobs={jobs} timeZone={timeZone} />

      {selection && (
        <Dialog
          title={selection.execution ? `${selection.execution.jobName}: Execution Details` : JOB_TEXTS.executionNotFound}
          closeTo={location.pathname}
          wide
        >
          {selection.execution ? (
            <ExecutionDetails execution={selection.execution} timeZone={timeZone} />
          ) : (
            <p role="alert">{JOB_TEXTS.executionNotFound}</p>
          )}
        </Dialog>
      )}
    </>
  );
}

function JobCard({ job, timeZone }: { job: Job; timeZone: string }) {
  return (
    <li data-testid={`job-${job.jobType}`} className="flex flex-col rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-semibold">{job.title}</h3>
        <div className="flex flex-wrap gap-1">
          <StatusBadge status={job.currentStatus} look={jobStatusLook} />
          {job.hasUnreviewedErrors && <Badge tone="bad">Error to Review ({job.unreviewedErrorCount})</Badge>}
        </div>
      </div>
      {job.jobType === "housekeeping" && (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Site maintenance, not a data import.</p>
      )}
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600 dark:text-slate-400">Schedule</dt>
        <dd>{job.enabled ? job.schedule : `${job.schedule} (disabled: runs only by hand)`}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Last run</dt>
        <dd>{formatJobTime(job.lastRun, timeZone)}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Last success</dt>
        <dd>{formatJobTime(job.lastSuccess, timeZone)}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Next run</dt>
        <dd>{formatJobTime(job.nextRun, timeZone, "Not scheduled")}</dd>
      </dl>
      <h4 className="mt-3 text-sm font-semibold">Recent executions</h4>
      {job.recentHistory.length ? (
        <ul className="mt-1 space-y-1 text-sm">
          {job.recentHistory.map((execution) => (
            <li key={execution.id} className="flex flex-wrap items-center gap-2">
              <StatusBadge status={execution.status} look={executionStatusLook} />
              <ExecutionLink id={execution.id}>
                #{execution.id}, {formatJobTime(execution.startedAt ?? execution.createdAt, timeZone)}
              </ExecutionLink>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">No execution history available</p>
      )}
      <Link to={`/admin/integration/${job.jobType}`} className={`mt-auto self-start pt-3 text-sm ${textLinkClass}`}>
        Manage<span className="sr-only"> {job.title}</span>
      </Link>
    </li>
  );
}

/**
 * Selecting an execution: without JavaScript a link to its page; with it the same link opens the
 * details as a modal over the dashboard (?execution={id}). A click with a modifier key still opens
 * the page (a new tab, a new window).
 */
function ExecutionLink({ id, children }: { id: number; children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(`${location.pathname}?execution=${id}`, { preventScrollReset: true });
  };
  return (
    <Link to={`/admin/job-execution/${id}`} onClick={open} className={textLinkClass}>
      {children}
    </Link>
  );
}

/** The nightly times of the jobs (app/jobs/definitions.ts), local to the configured zone. */
function AutomatedSchedule({ jobs, timeZone }: { jobs: Job[]; timeZone: string }) {
  return (
    <section aria-labelledby="schedule-heading" className="mt-6 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h2 id="schedule-heading" className="font-semibold">
        Automated Schedule
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Every night, in this order. Times are local to {timeZone}.</p>
      <ul className="mt-3 space-y-1 text-sm" data-testid="automated-schedule">
        {jobs.map((job) => (
          <li key={job.jobType}>
            <span className="font-medium">{JOB_DEFINITIONS[job.jobType].scheduleText}</span>: {job.title}
            {!job.enabled && " (disabled)"}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Stat({ label, value, to }: { label: string; value: number; to?: string }) {
  const body = (
    <>
      <span className="block text-sm text-slate-700 dark:text-slate-300">{label}</span>
      <span className="mt-1 block text-3xl font-bold">{value.toLocaleString("en-US")}</span>
    </>
  );
  const box = "block h-full rounded-lg border border-slate-200 p-4 dark:border-slate-700";
  return (
    <li data-testid="stat">
      {to ? (
        <Link to={to} className={`${box} hover:border-blue-700 hover:bg-slate-50 dark:hover:bg-slate-900`}>
          {body}
        </Link>
      ) : (
        <div className={box}>{body}</div>
      )}
    </li>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
