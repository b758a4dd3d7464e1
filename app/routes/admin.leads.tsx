// /admin/leads: lead management (spec 3 §2, §6, §8). The page admits moderators only to tell them
// they lack admin privileges; the lead data and every action need leads:manage (decision 0002).
// Search is a GET form; Edit (?edit={id}) and the delete confirmation (?delete={id}) are dialogs
// whose open state is in the URL, and Convert and Delete are POST forms, so all of it works
// without JavaScript.
import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { can } from "~/auth/permissions";
import { requireApiPermission } from "~/auth/permissions.server";
import { STAFF_ROLE_LABELS, isRole } from "~/auth/roles";
import { getUser, signInUrl } from "~/auth/session.server";
import { Badge } from "~/components/badge";
import { buttonClass, textLinkClass } from "~/components/button";
import { DataTable } from "~/components/data-table";
import { Dialog } from "~/components/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormAlert, SelectField, TextField } from "~/components/forms";
import { db } from "~/db.server";
import { readFormData } from "~/form-data.server";
import { parseQuery } from "~/lib/admin-users";
import { DATABASE_BUSY_MESSAGE, isDatabaseBusy } from "~/lib/database-busy";
import { formatDateTime } from "~/lib/dates";
import { LEAD_SOURCES, LEAD_STATUSES, LEAD_TEXTS, LeadEditSchema, LeadSearchSchema, type LeadEdit } from "~/lib/lead-admin";
import { POLITICAL_AFFILIATIONS } from "~/lib/leads";
import { Refusal } from "~/lib/refusal";
import { IdParam } from "~/lib/route-params";
import { convertLead, deleteLead, findLead, leadStats, listLeads, updateLead } from "~/models/leads-admin.server";
import { redirectWithToast } from "~/toast.server";

export const meta: MetaFunction = () => [{ title: "Lead Management · Civic Atlas" }];

const STATUS_LABELS: Record<string, string> = { active: "Active", unsubscribed: "Unsubscribed", converted: "Converted" };
const STATUS_TONES = { active: "good", unsubscribed: "warn", converted: "neutral" } as const;
const SOURCE_LABELS: Record<string, string> = {
  welcome_popup: "Welcome popup",
  newsletter: "Newsletter",
  event: "Event",
  others: "Others",
};
/** What the Edit dialog may set: Convert is the only way to converted (spec 3 §4). */
const EDITABLE_STATUSES = LEAD_STATUSES.filter((s) => s !== "converted");
const FAILED = { update: "Failed to update lead", convert: "Failed to convert lead", delete: "Failed to delete lead" };
const EMAIL_NOT_SENT = "The email with the password link could not be sent. They can use Forgot password? on the sign-in page.";

/** The list's own address: the search kept, any dialog closed. */
function listUrl(url: URL) {
  const params = new URLSearchParams(url.search);
  params.delete("edit");
  params.delete("delete");
  params.delete("index");
  return `/admin/leads${params.size ? `?${params}` : ""}`;
}

/** The lead a dialog parameter names; "missing" when the id is malformed or names no lead. */
async function dialogLead(value: string | null) {
  if (value === null) return null;
  const id = IdParam.safeParse(value);
  return (id.success && (await findLead(db, id.data))) || "missing";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  // A page, not a redirect: spec 3 §6 shows signed-out visitors a message with a Log In button.
  if (!user) return data({ access: "signed-out" as const, signIn: signInUrl(request) }, { status: 401 });
  if (!isRole(user.role) || !can(user.role, "page:leads"))
    throw await redirectWithToast("/", { title: "Unauthorized", description: LEAD_TEXTS.accessToast, variant: "destructive" });
  // Moderators pass the page gate but not the data rule: no lead is read for them.
  if (!can(user.role, "leads:manage")) return data({ access: "denied" as const, role: user.role }, { status: 403 });

  const url = new URL(request.url);
  const query = parseQuery(request.url, LeadSearchSchema);
  try {
    const [leads, stats, editing, deleting] = await Promise.all([
      listLeads(db, query),
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
        stats,
        editing: editing === "missing" ? null : editing,
        deleting: deleting === "missing" ? null : deleting,
        missing,
      },
      { status: missing ? 404 : 200 },
    );
  } catch (error) {
    // A database that cannot answer (locked past the wait, unreadable) gets the spec's message and a retry.
    console.error("Loading leads failed", error);
    return data({ access: "failed" as const }, { status: 503 });
  }
}

type Failure = { intent: string; title: string; message: string; result?: SubmissionResult<string[]> };

/** An edit form sends every field: an emptied one is cleared, not left as it was. */
function wholeEdit(value: LeadEdit): LeadEdit {
  const cleared = Object.fromEntries(Object.keys(LeadEditSchema.shape).map((key) => [key, value[key as keyof LeadEdit] ?? null]));
  return { ...cleared, email: value.email, status: value.status, source: value.source } as LeadEdit;
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireApiPermission(request, "leads:manage");
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  const fail = (status: number, failure: Omit<Failure, "intent">) => data<Failure>({ intent, ...failure }, { status });
  const back = listUrl(new URL(request.url));
  /** The domain's refusals and a busy database answer with their status and text; anything else is logged and gets the spec's fallback. */
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
type Lead = Granted["leads"][number];

const fullName = (lead: Pick<Lead, "firstName" | "lastName">) => [lead.firstName, lead.lastName].filter(Boolean).join(" ");

function Leads({ query, leads, stats, editing, deleting, missing }: Granted) {
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const navigation = useNavigation();
  const closeTo = listUrl(new URL(location.pathname + location.search, "http://x"));
  const withParam = (key: "edit" | "delete", id: number) => {
    const params = new URLSearchParams(location.search);
    params.delete("edit");
    params.delete("delete");
    params.set(key, String(id));
    return `?${params}`;
  };
  const busy = (intent: string, id: number) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent && navigation.formData?.get("id") === String(id);
  // A failed edit shows inside its dialog; every other failure above the list.
  const pageAlert = actionData && !(actionData.intent === "update" && editing) ? actionData : null;
  return (
    <>
      {/* Before the list, so that without JavaScript the open dialog is in view. */}
      {editing && (
        <Dialog title="Edit Lead" closeTo={closeTo} wide>
          <EditLeadForm key={editing.id} lead={editing} closeTo={closeTo} />
        </Dialog>
      )}
      {deleting && (
        <Dialog title="Delete Lead" closeTo={closeTo}>
          <p>{LEAD_TEXTS.deleteConfirm}</p>
          <p className="mt-2 break-all text-sm text-slate-700 dark:text-slate-300">
            {[fullName(deleting), deleting.email].filter(Boolean).join(" · ")}
          </p>
          <Form method="post" action={closeTo} className="mt-6 flex justify-end gap-2">
            <input type="hidden" name="id" value={deleting.id} />
            <Link to={closeTo} replace preventScrollReset className={buttonClass.secondary}>
              Cancel
            </Link>
            <button type="submit" name="intent" value="delete" className={buttonClass.danger} disabled={busy("delete", deleting.id)}>
              {busy("delete", deleting.id) ? "Deleting..." : "Delete"}
            </button>
          </Form>
        </Dialog>
      )}
      <section aria-labelledby="lead-stats-heading" className="mt-6">
        <h2 id="lead-stats-heading" className="sr-only">
          Lead statistics
        </h2>
        <ul className="grid grid-cols-2 gap-4 md:grid-cols-4">
          <Stat label="Total Leads" value={stats.total} />
          <Stat label="Converted" value={stats.converted} />
          <Stat label="Active" value={stats.active} />
          <Stat label="This Month" value={stats.thisMonth} />
        </ul>
      </section>

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
        <Filter
          id="status-filter"
          name="status"
          label="Status"
          value={query.status}
          all="All statuses"
          options={LEAD_STATUSES}
          labels={STATUS_LABELS}
        />
        <Filter
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
            { header: "Email", cell: (l) => <span className="break-all">{l.email}</span> },
            {
              header: "Status",
              cell: (l) => (
                <Badge tone={STATUS_TONES[l.status as keyof typeof STATUS_TONES] ?? "neutral"}>{STATUS_LABELS[l.status] ?? l.status}</Badge>
              ),
            },
            { header: "Source", cell: (l) => SOURCE_LABELS[l.source] ?? l.source },
            { header: "Created (UTC)", cell: (l) => formatDateTime(l.createdAt) },
            {
              header: "Actions",
              className: "whitespace-nowrap",
              cell: (l) => {
                const who = fullName(l) || l.email;
                return (
                  <div className="flex gap-2">
                    <Link to={withParam("edit", l.id)} preventScrollReset className={buttonClass.secondary} aria-label={`Edit ${who}`}>
                      Edit
                    </Link>
                    {l.status !== "converted" && (
                      <Form method="post" action={closeTo}>
                        <input type="hidden" name="id" value={l.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="convert"
                          className={buttonClass.primary}
                          aria-label={`Convert ${who}`}
                          disabled={busy("convert", l.id)}
                        >
                          {busy("convert", l.id) ? "Converting..." : "Convert"}
                        </button>
                      </Form>
                    )}
                    <Link to={withParam("delete", l.id)} preventScrollReset className={buttonClass.danger} aria-label={`Delete ${who}`}>
                      Delete
                    </Link>
                  </div>
                );
              },
            },
          ]}
        />
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">{leads.length === 1 ? "1 lead" : `${leads.length} leads`}</p>
      </div>
    </>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <li data-testid="lead-stat" className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <span className="block text-sm text-slate-700 dark:text-slate-300">{label}</span>
      <span className="mt-1 block text-3xl font-bold">{value.toLocaleString("en-US")}</span>
    </li>
  );
}

function Filter({
  id,
  name,
  label,
  value,
  all,
  options,
  labels,
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  all: string;
  options: readonly string[];
  labels: Record<string, string>;
}) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value ?? ""}
        className="mt-1 block rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900"
      >
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {labels[o]}
          </option>
        ))}
      </select>
    </div>
  );
}

const TEXT_FIELDS = [
  ["firstName", "First name"],
  ["lastName", "Last name"],
  ["phone", "Phone"],
  ["occupation", "Occupation"],
  ["address", "Address"],
  ["city", "City"],
  ["state", "State"],
  ["zipCode", "ZIP code"],
] as const;

function EditLeadForm({ lead, closeTo }: { lead: Lead; closeTo: string }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const lastResult = actionData?.intent === "update" ? actionData.result : undefined;
  const [form, schemaFields] = useForm({
    lastResult,
    defaultValue: {
      email: lead.email,
      status: lead.status,
      source: lead.source,
      politicalAffiliation: lead.politicalAffiliation ?? "",
      ...Object.fromEntries(TEXT_FIELDS.map(([key]) => [key, lead[key] ?? ""])),
    },
    constraint: getZodConstraint(LeadEditSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LeadEditSchema }),
  });
  // Every field is text in the form; null (clear) exists only once the schema has read it.
  const fields = schemaFields as unknown as Record<keyof LeadEdit, FieldMetadata<string | undefined>>;
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "update";
  const converted = lead.status === "converted";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-2">
      <FormAlert id={form.errorId} title="Error" message={form.errors?.[0]} />
      <input type="hidden" name="id" value={lead.id} />
      <TextField field={fields.email} label="Email" type="email" required autoComplete="off" />
      <div className="grid gap-x-4 sm:grid-cols-2">
        {TEXT_FIELDS.map(([key, label]) => (
          <TextField key={key} field={fields[key]} label={label} type={key === "phone" ? "tel" : "text"} autoComplete="off" />
        ))}
        <SelectField field={fields.politicalAffiliation} label="Political affiliation" options={POLITICAL_AFFILIATIONS} />
        <SelectField field={fields.source} label="Source" options={LEAD_SOURCES} labelOf={(s) => SOURCE_LABELS[s]} />
        {converted ? (
          <div>
            {/* A converted lead stays converted; the status goes back unchanged. */}
            <input type="hidden" name={fields.status.name} value="converted" />
            <p className="text-sm font-medium">Status</p>
            <p className="mt-2">
              <Badge>Converted</Badge>
            </p>
          </div>
        ) : (
          <SelectField field={fields.status} label="Status" options={EDITABLE_STATUSES} labelOf={(s) => STATUS_LABELS[s]} />
        )}
      </div>
      <div className="flex justify-end gap-2 pt-2">
        <Link to={closeTo} replace preventScrollReset className={buttonClass.secondary}>
          Cancel
        </Link>
        <button type="submit" name="intent" value="update" className={buttonClass.primary} disabled={saving}>
          {saving ? "Saving..." : "Save Changes"}
        </button>
      </div>
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
