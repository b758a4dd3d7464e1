// /admin/integration/{type}: one scheduled job (docs/decisions/0014-job-pages.md).
// Title, status, texts, schedule, Run Now, the last 10 runs
// with Cancel, Error Details (?error={id}) with Reviewed, the crawler's fields (?configure=1) and
// the owner's switch with its confirmation (?disable=1). Dialogs are URLs and every change is a
// POST form, so all of it works without JavaScript; with it the page refreshes every 5 s while
// the job is busy.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, isRouteErrorResponse, useActionData, useLoaderData, useLocation, useParams, useRouteError } from "@remix-run/react";
import { can, type Permission } from "~/auth/permissions";
import { requirePermission } from "~/auth/permissions.server";
import { ConfigureDialog, DisableDialog, EnabledSwitch } from "~/components/admin/integration/job-controls";
import { StatusBadge } from "~/components/badge";
import { buttonClass } from "~/components/button";
import { DetailItem } from "~/components/detail-item";
import { GeneralErrorBoundary, NotFoundPage } from "~/components/error-boundary";
import { BackLink, ErrorDetailsDialog, ExecutionHistory, RefreshLink, RunJobForm, hasError, isBusy } from "~/components/job-history";
import { jobStatusLook, ProgressBar, usePolling } from "~/components/job-status";
import { formatJobTime } from "~/lib/dates";
import { useToast } from "~/components/toaster";
import { db } from "~/db.server";
import { readFormData } from "~/form-data.server";
import { cancelRun, jobClock, requireJobType } from "~/jobs/control.server";
import { CRAWLER_FIELDS, JOB_DEFINITIONS, JOB_TEXTS, type CrawlerField, type JobType } from "~/jobs/definitions";
import { FORBIDDEN, JOB_PAGE_DENIED, jobPageFailure, refusedOnPage, runFromPage, type JobPageFailure } from "~/jobs/job-pages.server";
import { IdParam } from "~/lib/route-params";
import {
  crawlerConfig,
  currentExecution,
  findExecution,
  jobHistory,
  jobStatus,
  reviewError,
  saveCrawlerConfig,
  setJobEnabled,
} from "~/models/jobs.server";
import { redirectWithToast } from "~/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data && "definition" in data ? data.definition.title : "Integration"} · Civic Atlas` },
];

/** Who may do what on this page (decision 0010): admins run, cancel, review and configure; only the owner enables or disables a job. */
const INTENTS = {
  run: "batch-jobs:create",
  cancel: "integrations:cancel-run",
  view: "scheduled-jobs:view",
  review: "scheduled-jobs:view",
  configure: "integrations:configure",
  toggle: "integrations:toggle",
} as const satisfies Record<string, Permission>;
type Intent = keyof typeof INTENTS;
const isIntent = (value: string): value is Intent => value in INTENTS;

/** Each action's failure message when the server gives none. */
const FAILED: Record<Intent, string> = {
  run: "Failed to start integration",
  cancel: "Failed to cancel execution",
  view: "Failed to mark error as reviewed",
  review: "Failed to mark error as reviewed",
  configure: "Failed to save configuration",
  toggle: "Failed to toggle job status",
};

const pageOf = (type: JobType) => `/admin/integration/${type}`;

/** The run of this job that ?error= names, when it has an error to show; "missing" otherwise. */
async function errorExecution(type: JobType, value: string | null) {
  if (value === null) return null;
  const id = IdParam.safeParse(value);
  const found = id.success ? await findExecution(db, id.data) : null;
  if (!found || found.jobType !== type || !hasError(found)) return "missing" as const;
  const { logs: _logs, ...execution } = found;
  return execution;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, "scheduled-jobs:view", JOB_PAGE_DENIED);
  const type = requireJobType(params.type);
  const search = new URL(request.url).searchParams;
  const allowed = {
    run: can(viewer.role, INTENTS.run),
    cancel: can(viewer.role, INTENTS.cancel),
    configure: type === "contact_crawl" && can(viewer.role, INTENTS.configure),
    toggle: can(viewer.role, INTENTS.toggle),
  };
  const [{ recentHistory: _recent, ...status }, history, current, config, opened] = await Promise.all([
    jobStatus(db, type, jobClock()),
    jobHistory(db, type, 10),
    currentExecution(db, type),
    allowed.configure ? crawlerConfig(db) : null,
    errorExecution(type, search.get("error")),
  ]);
  const dialog = opened
    ? "error"
    : allowed.configure && search.has("configure")
      ? "configure"
      : allowed.toggle && status.enabled && search.has("disable")
        ? "disable"
        : null;
  return data(
    {
      type,
      definition: JOB_DEFINITIONS[type],
      status,
      history,
      current,
      config,
      allowed,
      dialog,
      timeZone: jobClock().timeZone,
      errorRun: opened === "missing" ? null : opened,
      errorMissing: opened === "missing",
      now: new Date().toISOString(),
    },
    { status: opened === "missing" ? 404 : 200 },
  );
}

/** What every intent of the page's action works with. */
type IntentContext = { form: FormData; type: JobType; userId: string; page: string; title: string };

function runNow({ type, userId, page, title }: IntentContext) {
  return runFromPage(db, {
    type,
    userId,
    back: page,
    started: { title: "Integration Started", description: JOB_TEXTS.started(title) },
    fallback: FAILED.run,
  });
}

async function toggleSchedule({ form, type, page, title }: IntentContext) {
  const enabled = String(form.get("enabled") ?? "");
  if (enabled !== "true" && enabled !== "false") return jobPageFailure("toggle", 400, "enabled must be true or false.");
  await setJobEnabled(db, type, enabled === "true");
  return redirectWithToast(
    page,
    enabled === "true"
      ? { title: "Job Enabled", description: `${title} will run on its schedule.` }
      : { title: "Job Disabled", description: `${title} will not run automatically.` },
  );
}

async function configureCrawler({ form, page }: IntentContext) {
  const chosen = form.getAll("fields").map(String);
  if (chosen.some((f) => !(f in CRAWLER_FIELDS))) return jobPageFailure("configure", 400, "Choose fields from the list.", { fields: [] });
  if (!chosen.length)
    return data<JobPageFailure>(
      {
        intent: "configure",
        message: JOB_TEXTS.noFields,
        toast: { title: JOB_TEXTS.noFieldsTitle, description: JOB_TEXTS.noFields, variant: "destructive" },
        values: { fields: [] },
      },
      { status: 400 },
    );
  try {
    await saveCrawlerConfig(db, [...new Set(chosen)] as CrawlerField[]);
  } catch (error) {
    return refusedOnPage("configure", error, FAILED.configure);
  }
  return redirectWithToast(page, JOB_TEXTS.configSaved);
}

/** The intents that name a run of this job (form field `id`), each given that run's id. */
const ON_A_RUN = {
  async cancel(id: number, page: string) {
    await cancelRun(db, id);
    return redirectWithToast(page, JOB_TEXTS.cancelled);
  },
  async view(id: number, page: string) {
    await reviewError(db, id, true);
    return redirect(`${page}?error=${id}`);
  },
  async review(id: number, page: string) {
    await reviewError(db, id, false);
    return redirectWithToast(page, { title: "Error Reviewed", description: `The error of run #${id} is marked as reviewed.` });
  },
} satisfies Partial<Record<Intent, (id: number, page: string) => Promise<Response>>>;

async function onARun(intent: keyof typeof ON_A_RUN, { form, type, page }: IntentContext) {
  const id = IdParam.safeParse(String(form.get("id") ?? ""));
  if (!id.success) return jobPageFailure(intent, 400, `${FAILED[intent]}: ${id.error.issues[0].message}`);
  const execution = await findExecution(db, id.data);
  if (!execution || execution.jobType !== type) return jobPageFailure(intent, 404, JOB_TEXTS.executionNotFound);
  try {
    return await ON_A_RUN[intent](id.data, page);
  } catch (error) {
    return refusedOnPage(intent, error, FAILED[intent]);
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, "scheduled-jobs:view", JOB_PAGE_DENIED);
  const type = requireJobType(params.type);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  if (!isIntent(intent) || (intent === "configure" && type !== "contact_crawl")) return jobPageFailure(intent, 400, "Unknown action.");
  if (!can(viewer.role, INTENTS[intent])) return jobPageFailure(intent, 403, FORBIDDEN);
  const context: IntentContext = { form, type, userId: viewer.id, page: pageOf(type), title: JOB_DEFINITIONS[type].title };
  switch (intent) {
    case "run":
      return runNow(context);
    case "toggle":
      return toggleSchedule(context);
    case "configure":
      return configureCrawler(context);
    default:
      return onARun(intent, context);
  }
}

export default function IntegrationDetail() {
  const { type, definition, status, history, current, config, allowed, dialog, errorRun, errorMissing, now, timeZone } =
    useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() as JobPageFailure | { toast: JobPageFailure["toast"] } | undefined;
  useToast(failure?.toast);
  const location = useLocation();
  const page = pageOf(type);
  const busy = isBusy(current?.status);
  usePolling(busy);
  const failed = failure && "intent" in failure ? failure : null;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <BackLink to="/admin" label="Back to Dashboard" />
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">{definition.title}</h1>
        <StatusBadge status={status.currentStatus} look={jobStatusLook} />
      </div>
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">{definition.description}</p>
      {definition.notice && (
        <div
          role="note"
          className="mt-4 max-w-3xl rounded-md border border-amber-700 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="font-semibold">Notice</p>
          <p className="mt-1">{definition.notice}</p>
        </div>
      )}
      {errorMissing && (
        <div role="alert" className="mt-4 rounded-md border border-red-700 bg-red-50 p-4 text-red-900 dark:bg-red-950 dark:text-red-100">
          <p className="font-semibold">{JOB_TEXTS.executionNotFound}</p>
          <p className="mt-1">This run does not exist, is not a run of this job, or has no error to show.</p>
        </div>
      )}

      <section aria-label="Schedule and actions" className="mt-6 grid gap-6 lg:grid-cols-2">
        <dl className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-2 dark:border-slate-700">
          <DetailItem label="Next scheduled run">{formatJobTime(status.nextRun, timeZone, "Not scheduled")}</DetailItem>
          <DetailItem label="Last successful run">{formatJobTime(status.lastSuccess, timeZone)}</DetailItem>
          <DetailItem label="Schedule">{definition.scheduleText}</DetailItem>
          <DetailItem label="Automatic runs">{status.enabled ? "Enabled" : "Disabled"}</DetailItem>
          {!status.enabled && (
            <p data-testid="disabled-note" className="font-medium text-amber-800 sm:col-span-2 dark:text-amber-300">
              This job will not run automatically
            </p>
          )}
        </dl>
        <div className="flex flex-wrap items-start gap-3">
          {allowed.run && <RunJobForm label="Run Now" busy={busy} error={failed?.intent === "run" ? failed.message : null} />}
          {allowed.configure && (
            <Link to="?configure=1" preventScrollReset className={buttonClass.secondary}>
              Configure
            </Link>
          )}
          {allowed.toggle && <EnabledSwitch enabled={status.enabled} />}
        </div>
      </section>

      {current && (
        <section aria-labelledby="current-heading" className="mt-6 max-w-3xl rounded-lg border border-slate-200 p-4 dark:border-slate-700">
          <h2 id="current-heading" className="font-semibold">
            Current run #{current.id} ({current.status === "running" ? "running" : "waiting to start"})
          </h2>
          <div className="mt-2">
            <ProgressBar completed={current.progress.completed} total={current.progress.total} currentItem={current.progress.currentItem} />
          </div>
        </section>
      )}

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="docs-heading">
          <h2 id="docs-heading" className="text-xl font-semibold">
            Documentation
          </h2>
          <p className="mt-2 text-slate-700 dark:text-slate-300">{definition.documentation}</p>
        </section>
        <section aria-labelledby="points-heading">
          <h2 id="points-heading" className="text-xl font-semibold">
            Data Points Collected
          </h2>
          <ul className="mt-2 list-disc pl-5">
            {definition.dataPoints.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </section>
      </div>

      <section aria-labelledby="history-heading" className="mt-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="history-heading" className="text-xl font-semibold">
            Execution History
          </h2>
          <RefreshLink to={location.pathname + location.search} />
        </div>
        <p className="text-sm text-slate-700 dark:text-slate-300">The last 10 runs, newest first.</p>
        {failed && failed.intent !== "run" && failed.intent !== "configure" && (
          <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
            {failed.message}
          </p>
        )}
        <div className="mt-3">
          <ExecutionHistory
            timeZone={timeZone}
            executions={history}
            now={now}
            caption={`Last runs of ${definition.title}, newest first`}
            canCancel={allowed.cancel}
            errorDetailsAt={page}
          />
        </div>
      </section>

      {dialog === "error" && errorRun && <ErrorDetailsDialog execution={errorRun} closeTo={page} timeZone={timeZone} />}
      {dialog === "configure" && config && <ConfigureDialog config={config} closeTo={page} failure={failed} timeZone={timeZone} />}
      {dialog === "disable" && <DisableDialog title={definition.title} page={page} />}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { type } = useParams();
  if (isRouteErrorResponse(error) && error.status === 404)
    return (
      <NotFoundPage
        title={JOB_TEXTS.notFound}
        message={`There is no scheduled job named “${type ?? ""}”.`}
        back={{ to: "/admin", label: "Back to Dashboard" }}
      />
    );
  return <GeneralErrorBoundary />;
}
