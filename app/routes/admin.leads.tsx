// /admin/leads: lead management. The page admits moderators only to tell them
// they lack admin privileges; the lead data and every action need leads:manage (decision 0002).
// Search and filters are a GET form, the pages (50 leads each) Previous/Next links; Edit
// (?edit={id}) and the delete confirmation (?delete={id}) are dialogs whose open state is in the
// URL, and Convert and Delete are POST forms, so all of it works without JavaScript.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { can } from "~/auth/permissions";
import { requireApiPermission } from "~/auth/permissions.server";
import { STAFF_ROLE_LABELS, isRole } from "~/auth/roles";
import { getUser, signInUrl } from "~/auth/session.server";
import { StatusBadge } from "~/components/badge";
import { buttonClass, textLinkClass } from "~/components/button";
import { CursorPagination, DataTable } from "~/components/data-table";
import { Dialog } from "~/components/dialog";
import { DeleteLeadDialog, LeadRowActions, LeadStats, fullName } from "~/components/admin/leads/list";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FilterSelect, FormAlert } from "~/components/forms";
import { db } from "~/db.server";
import { readFormData } from "~/form-data.server";
import { parseQuery } from "~/lib/admin-users";
import { DATABASE_BUSY_MESSAGE, isDatabaseBusy } from "~/lib/database-busy";
import { EmailText } from "~/components/email-text";
import { StaffTime, TimeZoneNote } from "~/components/staff-time";
import { EditLeadForm, LeadEditSchema, wholeEdit } from "~/components/lead-edit-form";
import {
  EMAIL_NOT_SENT,
  LEAD_DIALOG_PARAMS,
  LEAD_FAILURES as FAILED,
  LEAD_SOURCES,
  LEAD_STATUSES,
  LEAD_TEXTS,
  SOURCE_LABELS,
  STATUS_LABELS,
  leadStatusLook,
  listUrl,
} from "~/lib/leads";
import { pageHref } from "~/lib/keyset";
import { Refusal } from "~/lib/refusal";
import { IdParam } from "~/lib/route-params";
import { LeadSearchSchema, convertLead, deleteLead, findLead, leadStats, listLeads, updateLead } from "~/models/leads.server";
import { redirectWithToast } from "~/toast.server";

export const meta: MetaFunction = () => [{ title: "Lead Management · Civic Atlas" }];

/** The lead a dialog parameter names; "missing" when the id is malformed or names no lead. */
async function dialogLead(value: string | null) {
  if (value === null) return null;
  const id = IdParam.safeParse(value);
  return (id.success && (await findLead(db, id.data))) || "missing";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  // A page, not a redirect: signed-out visitors see "Please log in to access Lead Management." and a Log In button.
  if (!user) return data({ access: "signed-out" as const, signIn: signInUrl(request) }, { status: 401 });
  if (!isRole(user.role) || !can(user.role, "page:leads"))
    throw await redirectWithToast("/", { title: "Unauthorized", description: LEAD_TEXTS.accessToast, variant: "destructive" });
  // Moderators pass the page gate but not the data rule: no lead is read for them.
  if (!can(user.role, "leads:manage")) return data({ access: "denied" as const, role: user.role }, { status: 403 });

  const url = new URL(request.url);
  const { after, before, ...query } = parseQuery(request.url, LeadSearchSchema);
  try {
    const [{ leads, previous, next }, stats, editing, deleting] = await Promise.all([
      listLeads(db, { ...query, after, before }),
      leadStats(db),
      dialogLead(url.searchParams.get("edit")),
      dialogLead(url.searchParams.get("delete")),
    ]);
    const missing = editing === "missing" || deleting === "missing";
    return data(
      {
        access: "granted" as const,
        query,
        leads,
        previous,
        next,
        stats,
        editing: editing === "missing" ? null : editing,
        deleting: deleting === "missing" ? null : deleting,
        missing,
      },
      { status: missing ? 404 : 200 },
    );
  } catch (error) {
    // A database that cannot answer (locked past the wait, unreadable) gets "Error loading leads. Please try again." and a retry.
    console.error("Loading leads failed", error);
    return data({ access: "failed" as const }, { status: 503 });
  }
}

type Failure = { intent: string; title: string; message: string; result?: SubmissionResult<string[]> };

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireApiPermission(request, "leads:manage");
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  const fail = (status: number, failure: Omit<Failure, "intent">) => data<Failure>({ intent, ...failure }, { status });
  const back = listUrl(new URL(request.url));
  /** The domain's refusals and a busy database answer with their status and text; anything else is logged and gets the fallback. */
  const refused = (error: unknown, fallback: string) => {
    if (error instanceof Refusal) return { status: error.status, message: error.message || fallback };
    if (isDatabaseBusy(error)) return { status: 503, message: DATABASE_BUSY_MESSAGE };
    console.error(`Lead ${intent} failed`, error);
    return { status: 500, message: fallback };
  };

  if (!["update", "convert", "delete"].includes(intent)) return fail(400, { title: "Error", message: "Unknown action." });
  const id = IdParam.safeParse(String(formData.get("id") ?? ""));
  if (!id.success) return fail(400, { title: "Error", message: id.error.issues[0].message });
  const notFound = () => fail(404, { title: "Error", message: LEAD_TEXTS.notFound });

  switch (intent) {
    case "update": {
      const submission = parseWithZod(formData, { schema: LeadEditSchema });
      if (submission.status !== "success")
        return fail(400, { title: "Error", message: FAILED.update, result: submission.reply({ formErrors: [FAILED.update] }) });
      try {
        if (!(await updateLead(db, id.data, wholeEdit(submission.value)))) return notFound();
      } catch (error) {
        const { status, message } = refused(error, FAILED.update);
        const fieldErrors = error instanceof Refusal ? error.details.errors : undefined;
        return fail(status, { title: "Error", message, result: submission.reply({ formErrors: [message], fieldErrors }) });
      }
      return redirectWithToast(back, { title: LEAD_TEXTS.updated });
    }
    case "convert": {
      try {
        const converted = await convertLead(db, id.data, staff);
        if (!converted) return notFound();
        return redirectWithToast(back, {
          title: LEAD_TEXTS.converted,
          description: converted.emailSent ? undefined : EMAIL_NOT_SENT,
        });
      } catch (error) {
        const { status, message } = refused(error, FAILED.convert);
        return fail(status, { title: "Error", message });
      }
    }
    default: {
      try {
        if (!(await deleteLead(db, id.data))) return notFound();
      } catch (error) {
        const { status, message } = refused(error, FAILED.delete);
        return fail(status, { title: "Error", message });
      }
      return redirectWithToast(back, { title: LEAD_TEXTS.deleted });
    }
  }
}

export default function LeadManagement() {
  const loaderData = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      {loaderData.access !== "signed-out" && (
        <Link to="/admin" className={`mb-3 inline-block text-sm ${textLinkClass}`}>
          ← Back to Dashboard
        </Link>
      )}
      <h1 className="text-3xl font-bold">Lead Management</h1>
      {loaderData.access === "signed-out" ? (
        <Notice>
          <p>{LEAD_TEXTS.signedOut}</p>
          <Link to={loaderData.signIn} className={`mt-4 ${buttonClass.primary}`}>
            Log In
          </Link>
        </Notice>
      ) : loaderData.access === "denied" ? (
        <Notice>
          <FormAlert title="Unauthorized" message={LEAD_TEXTS.accessToast} />
          <p className="mt-4 font-semibold">{LEAD_TEXTS.accessDenied}</p>
          <p className="mt-1" data-testid="current-role">
            Your role: {isRole(loaderData.role) ? STAFF_ROLE_LABELS[loaderData.role] : loaderData.role}
          </p>
        </Notice>
      ) : loaderData.access === "failed" ? (
        <Notice>
          <p role="alert">{LEAD_TEXTS.loadFailed}</p>
          <Link to={location.pathname + location.search} reloadDocument className={`mt-4 ${buttonClass.secondary}`}>
            Try again
          </Link>
        </Notice>
      ) : (
        <Leads {...loaderData} />
      )}
    </div>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return <section className="mt-6 max-w-xl rounded-lg border border-slate-200 p-6 dark:border-slate-700">{children}</section>;
}

type Granted = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { access: "granted" }>;

function Leads({ query, leads, previous, next, stats, editing, deleting, missing }: Granted) {
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const here = new URL(location.pathname + location.search, "http://x");
  const closeTo = listUrl(here);
  // A failed edit shows inside its dialog; every other failure above the list.
  const pageAlert = actionData && !(actionData.intent === "update" && editing) ? actionData : null;
  return (
    <>
      {/* Before the list, so that without JavaScript the open dialog is in view. */}
      {editing && (
        <Dialog title="Edit Lead" closeTo={closeTo} wide>
          <EditLeadForm
            key={editing.id}
            lead={editing}
            closeTo={closeTo}
            lastResult={actionData?.intent === "update" ? actionData.result : undefined}
          />
        </Dialog>
      )}
      {deleting && <DeleteLeadDialog lead={deleting} closeTo={closeTo} />}
      <LeadStats stats={stats} />

      <div className="mt-6 space-y-2">
        {pageAlert ? (
          <FormAlert title={pageAlert.title} message={pageAlert.message} />
        ) : (
          missing && <FormAlert title="Error" message={LEAD_TEXTS.notFound} />
        )}
      </div>

      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" role="search" aria-label="Leads">
        <div className="min-w-64 flex-1">
          <label htmlFor="lead-search" className="text-sm font-medium">
            Search by name or email
          </label>
          <input
            id="lead-search"
            type="search"
            name="search"
            defaultValue={query.search ?? ""}
            maxLength={100}
            className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900"
          />
        </div>
        <FilterSelect
          id="status-filter"
          name="status"
          label="Status"
          value={query.status}
          all="All statuses"
          options={LEAD_STATUSES}
          labels={STATUS_LABELS}
        />
        <FilterSelect
          id="source-filter"
          name="source"
          label="Source"
          value={query.source}
          all="All sources"
          options={LEAD_SOURCES}
          labels={SOURCE_LABELS}
        />
        <button type="submit" className={buttonClass.primary}>
          Search
        </button>
        {(query.search || query.status || query.source) && (
          <Link to="/admin/leads" className={buttonClass.secondary}>
            Clear
          </Link>
        )}
      </Form>

      <div className="mt-6">
        <DataTable
          caption="Leads"
          rows={leads}
          rowKey={(l) => l.id}
          empty={LEAD_TEXTS.empty}
          columns={[
            { header: "Name", cell: (l) => fullName(l) || "(no name)" },
            { header: "Email", cell: (l) => <EmailText email={l.email} /> },
            {
              header: "Status",
              cell: (l) => <StatusBadge status={l.status} look={leadStatusLook} />,
            },
            { header: "Source", cell: (l) => SOURCE_LABELS[l.source] ?? l.source },
            { header: "Created", cell: (l) => <StaffTime value={l.createdAt} /> },
            {
              header: "Actions",
              className: "whitespace-nowrap",
              cell: (l) => <LeadRowActions lead={l} closeTo={closeTo} />,
            },
          ]}
        />
        <CursorPagination
          previous={previous && pageHref(here, previous, LEAD_DIALOG_PARAMS)}
          next={next && pageHref(here, next, LEAD_DIALOG_PARAMS)}
          summary={`${leads.length === 1 ? "1 lead" : `${leads.length} leads`}${previous || next ? " on this page" : ""}`}
        />
        <TimeZoneNote />
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
