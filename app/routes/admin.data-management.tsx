// /admin/data-management (spec 3 §2–§9): states, representatives, the admins' review of pending
// field changes, a moderator's own submissions, and officials missing critical data. Tabs, search,
// the reject dialog (?reject=) and the update dialog (?update=) are URLs; every change is a POST
// to this route's action, which re-checks the permission of its intent. The rules live in
// app/models/data-updates.server.ts and docs/decisions/0007-moderated-data-updates.md.
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { z } from "~/lib/zod";
import { can, type Permission } from "~/auth/permissions";
import { DENIED, requirePermission } from "~/auth/permissions.server";
import { Badge } from "~/components/badge";
import { buttonClass, textLinkClass } from "~/components/button";
import { CursorPagination, DataTable } from "~/components/data-table";
import { Dialog } from "~/components/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, FormAlert } from "~/components/forms";
import { TabLinks } from "~/components/tabs";
import { UpdateStatusBadge, updateStatusLabel } from "~/components/update-status-badge";
import { db } from "~/db.server";
import { readFormData } from "~/form-data.server";
import { parseQuery } from "~/lib/admin-users";
import { StaffTime } from "~/components/staff-time";
import { formatDay } from "~/lib/dates";
import { officeLabel } from "~/lib/officials-order";
import { Refusal } from "~/lib/refusal";
import { linkTo, pageAt, pageHref, PAGE_SIZE, type PageLink } from "~/lib/keyset";
import { IdParam } from "~/lib/route-params";
import {
  BulkApproveSchema,
  BulkRejectSchema,
  DATA_UPDATE_TEXTS,
  MissingDataSchema,
  missingDataValues,
  type CriticalField,
  type Priority,
} from "~/lib/staff-edits";
import {
  approveEachFieldUpdate,
  decidedUpdates,
  missingDataPage,
  pendingUpdateCount,
  pendingUpdatesGrouped,
  rejectFieldUpdates,
  submitStaffEdit,
  submittedPendingCount,
  submittedUpdates,
  type FieldUpdateView,
} from "~/models/data-updates.server";
import { staffOfficialList } from "~/models/officials.server";
import { staffStateList } from "~/models/states.server";
import { redirectWithToast } from "~/toast.server";

export const meta: MetaFunction = () => [{ title: "Data Management · Civic Atlas" }];

const PATH = "/admin/data-management";
const TAB_IDS = ["states", "representatives", "pending", "submitted", "missing"] as const;
type Tab = (typeof TAB_IDS)[number];
const TAB_LABELS: Record<Tab, string> = {
  states: "States",
  representatives: "Representatives",
  pending: "Pending Updates",
  submitted: "Submitted Updates",
  missing: "Missing Data",
};
/** Who sees each tab (spec 3 §6): pending for admins, submitted for moderators who are not admins. */
const TAB_RULES: Record<Tab, (role: Parameters<typeof can>[0]) => boolean> = {
  states: () => true,
  representatives: () => true,
  pending: (role) => can(role, "data-updates:approve"),
  submitted: (role) => can(role, "data-updates:create") && !can(role, "data-updates:approve"),
  missing: (role) => can(role, "missing-data:view"),
};
const MISSING_DATA_DENIED = "Access denied. Moderator role required.";
const MISSING_DATA_FAILED = "Failed to submit updates. Please try again.";

const QuerySchema = z.object({
  tab: z.enum(TAB_IDS, "tab must be states, representatives, pending, submitted or missing.").optional(),
  q: z.string().max(200, "The search may be at most 200 characters.").optional(),
  party: z.string().max(50, "Choose a party from the list.").optional(),
  state: z.string().max(50, "Choose a state from the list.").optional(),
  history: z.string().optional(),
  submitter: z.string().max(100, "Choose a submitter from the list.").optional(),
  reject: z.enum(["selected", "all"], "reject must be selected or all.").optional(),
  update: IdParam.optional(),
});

/** Representatives listed at most. */
const LIST_LIMIT = 50;
const LIST_LIMIT_NOTE = "Showing first 50 results. Use search to narrow down.";

/** The page parameters of a tab's second list (the decided history), apart from its first list's. */
const HISTORY = "history_";

const ID_MESSAGE = "Each update id must be a positive whole number.";

/**
 * The field update ids a submission names: field boxes (updateIds) one id each; group and entity
 * boxes (allOf) and the list shown (shownIds) a comma-separated list, so that without JavaScript a
 * ticked group or entity box means all its fields.
 */
function namedIds(values: FormDataEntryValue[]): { ids: number[] } | { error: string } {
  const parts = values.flatMap((v) => (typeof v === "string" ? v.split(",") : ["file"])).filter((s) => s.trim() !== "");
  const ids: number[] = [];
  for (const part of parts) {
    const parsed = IdParam.safeParse(part.trim());
    if (!parsed.success) return { error: ID_MESSAGE };
    ids.push(parsed.data);
  }
  return { ids: [...new Set(ids)] };
}

const chosenIds = (source: { getAll: (name: string) => FormDataEntryValue[] }) =>
  namedIds([...source.getAll("updateIds"), ...source.getAll("allOf")]);

/** The tab shown: the one asked for if the viewer may see it; pending and submitted fall back to the viewer's default. */
function tabFor(role: Parameters<typeof can>[0], asked: Tab | undefined) {
  const visible = TAB_IDS.filter((t) => TAB_RULES[t](role));
  const fallback: Tab = visible.includes("pending") ? "pending" : visible.includes("submitted") ? "submitted" : "states";
  if (!asked) return { tab: fallback, visible };
  if ((asked === "pending" || asked === "submitted") && !visible.includes(asked)) return { tab: fallback, visible };
  return { tab: asked, visible };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "page:data-management", DENIED.dashboard);
  const query = parseQuery(request.url, QuerySchema);
  const url = new URL(request.url);
  const search = url.searchParams;
  const { tab, visible } = tabFor(user.role, query.tab);
  const isAdmin = can(user.role, "data-updates:approve");
  const [pendingCount, submittedCount] = await Promise.all([
    isAdmin ? pendingUpdateCount(db) : null,
    visible.includes("submitted") ? submittedPendingCount(db, user.id) : null,
  ]);
  const base = { tab, visible, isAdmin, pendingCount, submittedCount, q: query.q ?? "" };

  switch (tab) {
    case "states":
      return { ...base, view: "states" as const, states: await staffStateList(db, query.q) };
    case "representatives": {
      const list = await staffOfficialList(db, { q: query.q, party: query.party, state: query.state }, LIST_LIMIT);
      return { ...base, view: "representatives" as const, list, party: query.party ?? "", state: query.state ?? "" };
    }
    case "pending": {
      const chosen = chosenIds(search);
      if ("error" in chosen) throw data({ message: chosen.error }, { status: 400 });
      const showHistory = query.history === "1";
      const at = pageAt(search);
      const submitter = query.submitter || undefined;
      const [{ groups, previous, next }, decided, total] = await Promise.all([
        pendingUpdatesGrouped(db, at, { submittedById: submitter }),
        showHistory ? decidedUpdates(db, pageAt(search, HISTORY), { submittedById: submitter }) : null,
        submitter ? submittedPendingCount(db, submitter) : pendingCount,
      ]);
      const shown = groups.flatMap((g) => g.updates);
      // Page links keep the tab and the history; a choice or dialog stays on its page.
      const href = (link: PageLink | null, prefix = "") =>
        link && pageHref(url, link, ["reject", "updateIds", "allOf", "shownIds"], prefix);
      const page = linkTo(at);
      // The reject dialog: what is chosen (or everything the page listed, for Reject All) and still pending.
      const rejectIds = query.reject === "all" ? namedIds(search.getAll("shownIds")) : chosen;
      if ("error" in rejectIds) throw data({ message: rejectIds.error }, { status: 400 });
      const rejecting = query.reject ? shown.filter((u) => rejectIds.ids.includes(u.id)) : null;
      const pages = { page, previous: href(previous), next: href(next), total, submitter };
      const history = decided && { groups: decided.groups, previous: href(decided.previous, HISTORY), next: href(decided.next, HISTORY) };
      return { ...base, view: "pending" as const, history, showHistory, groups, chosen: chosen.ids, rejecting, ...pages };
    }
    case "submitted": {
      const mine = await submittedUpdates(db, user.id, { at: pageAt(search), historyAt: pageAt(search, HISTORY) });
      const href = (link: PageLink | null, prefix = "") => link && pageHref(url, link, [], prefix);
      const pages = { previous: href(mine.pages.previous), next: href(mine.pages.next) };
      const historyPages = { previous: href(mine.historyPages.previous, HISTORY), next: href(mine.historyPages.next, HISTORY) };
      return { ...base, view: "submitted" as const, submitted: { ...mine, pages, historyPages } };
    }
    case "missing": {
      if (!visible.includes("missing")) return { ...base, view: "denied" as const };
      const at = pageAt(search);
      const { items, total, previous, next, updating } = await missingDataPage(db, { search: query.q, at, update: query.update });
      if (query.update && !updating)
        throw data({ message: `No active official needing data has the id ${query.update}.` }, { status: 404 });
      const href = (link: PageLink | null) => link && pageHref(url, link, ["update"]);
      const page = linkTo(at);
      return { ...base, view: "missing" as const, items, total, page, previous: href(previous), next: href(next), updating };
    }
  }
}

type Failure = {
  intent: string;
  title: string;
  message: string;
  /** Why each skipped update of an approval was not approved. */
  reasons?: string[];
  /** The ids the admin had chosen, so the page shows them chosen again. */
  selected?: number[];
  notes?: string;
  result?: SubmissionResult<string[]>;
};

/** Who may submit each intent; the page gate alone is not enough. */
const INTENT_PERMISSIONS: Record<string, Permission> = {
  approve: "data-updates:approve",
  "approve-all": "data-updates:approve",
  reject: "data-updates:approve",
  "missing-data": "data-updates:create",
};

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requirePermission(request, "page:data-management", DENIED.dashboard);
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  const fail = (status: number, failure: Omit<Failure, "intent" | "title">) =>
    data<Failure>({ intent, title: "Error", ...failure }, { status });
  const permission = INTENT_PERMISSIONS[intent];
  if (!permission) return fail(400, { message: "Unknown action." });
  if (!can(actor.role, permission)) return fail(403, { message: "Forbidden: your role does not allow this." });
  /** The model refuses with a 4xx and its message; anything else is a bug. */
  const refused = (error: unknown, fallback: string, extra: Omit<Failure, "intent" | "title" | "message"> = {}) => {
    if (!(error instanceof Refusal)) throw error;
    return fail(error.status, { message: error.message || fallback, ...extra });
  };

  switch (intent) {
    case "approve":
    case "approve-all": {
      const named = intent === "approve" ? chosenIds(formData) : namedIds(formData.getAll("shownIds"));
      if ("error" in named) return fail(400, { message: named.error });
      const parsed = BulkApproveSchema.safeParse({ updateIds: named.ids });
      if (!parsed.success) return fail(400, { message: parsed.error.issues[0].message, selected: named.ids });
      let outcome;
      try {
        outcome = await approveEachFieldUpdate(db, actor, parsed.data.updateIds);
      } catch (error) {
        return refused(error, "Failed to approve updates", { selected: named.ids });
      }
      if (!outcome.skipped)
        return redirectWithToast(`${PATH}?tab=pending`, { title: DATA_UPDATE_TEXTS.bulkApproved, description: `${outcome.summary}.` });
      // What could be approved is; each skipped one is listed with its reason and stays chosen.
      const skipped = outcome.results.flatMap((r) => (r.status === "skipped" ? [r] : []));
      const reasons = skipped.map((r) => r.reason);
      const selected = skipped.map((r) => r.fieldUpdateId);
      return data<Failure>(
        { intent, title: outcome.summary, message: reasons.join(" "), reasons, selected },
        { status: outcome.approved ? 200 : skipped[0].refusal },
      );
    }
    case "reject": {
      const named = chosenIds(formData);
      const notes = String(formData.get("notes") ?? "");
      if ("error" in named) return fail(400, { message: named.error, notes });
      const parsed = BulkRejectSchema.safeParse({ updateIds: named.ids, notes });
      if (!parsed.success) return fail(400, { message: parsed.error.issues[0].message, selected: named.ids, notes });
      try {
        await rejectFieldUpdates(db, actor, parsed.data.updateIds, parsed.data.notes);
      } catch (error) {
        return refused(error, "Failed to reject updates", { selected: named.ids, notes });
      }
      return redirectWithToast(`${PATH}?tab=pending`, { title: DATA_UPDATE_TEXTS.bulkRejected });
    }
    case "missing-data": {
      const submission = parseWithZod(formData, { schema: MissingDataSchema });
      const officialId = IdParam.safeParse(formData.get("officialId") ?? "");
      const failed = (status: number, message: string) => fail(status, { message, result: submission.reply({ formErrors: [message] }) });
      if (!officialId.success) return failed(400, "The official id must be a positive whole number.");
      if (submission.status !== "success") return fail(400, { message: MISSING_DATA_FAILED, result: submission.reply() });
      let outcome;
      try {
        outcome = await submitStaffEdit(db, actor, {
          entityType: "official",
          entityId: officialId.data,
          values: missingDataValues(submission.value),
          notes: submission.value.notes,
        });
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        return failed(error.status, error.message || MISSING_DATA_FAILED);
      }
      if (!outcome) return failed(404, `No official has the id ${officialId.data}.`);
      if (outcome.status === "unchanged") return failed(400, DATA_UPDATE_TEXTS.noChanges);
      // Decision 0007: an admin's submission applies at once; a moderator's waits for review.
      return redirectWithToast(
        `${PATH}?tab=missing`,
        outcome.status === "applied" ? { title: DATA_UPDATE_TEXTS.representativeUpdated } : DATA_UPDATE_TEXTS.missingDataSubmitted,
      );
    }
  }
  return fail(400, { message: "Unknown action." });
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type ViewOf<V extends LoaderData["view"]> = Extract<LoaderData, { view: V }>;

/** A URL of this page with these query parameters (empty values left out). */
function pageUrl(params: Record<string, string | number | undefined | (string | number)[]>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined && v !== "") search.append(key, String(v));
  return search.size ? `${PATH}?${search}` : PATH;
}

const inputClass =
  "mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 aria-[invalid=true]:border-red-700 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";

export default function DataManagement() {
  const loaderData = useLoaderData<typeof loader>();
  const { tab, visible, isAdmin, pendingCount, submittedCount } = loaderData;
  const countBadge = (count: number | null, tone: "red" | "neutral") =>
    count ? (
      <>
        {" "}
        <span
          className={`ml-1 inline-block min-w-5 rounded-full px-1.5 text-center text-xs font-bold ${
            tone === "red" ? "bg-red-700 text-white" : "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-white"
          }`}
        >
          {count}
          <span className="sr-only"> pending</span>
        </span>
      </>
    ) : null;
  const labelOf = (t: Tab): ReactNode => (
    <>
      {TAB_LABELS[t]}
      {t === "pending" && countBadge(pendingCount, "red")}
      {t === "submitted" && countBadge(submittedCount, "neutral")}
    </>
  );
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      {isAdmin && (
        <Link to="/admin" className={`text-sm ${textLinkClass}`}>
          ← Back to Dashboard
        </Link>
      )}
      <h1 className="mt-3 text-3xl font-bold">Data Management</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {isAdmin
          ? "Manage states and representatives, and review the changes staff propose."
          : "Browse states and representatives and propose changes for admin approval."}
      </p>
      <div className="mt-6">
        <TabLinks
          label="Data management sections"
          current={tab}
          tabs={visible.map((t) => ({ id: t, label: labelOf(t), to: pageUrl({ tab: t }) }))}
        />
      </div>
      <div className="mt-6">
        {loaderData.view === "states" && <StatesTab data={loaderData} />}
        {loaderData.view === "representatives" && <RepresentativesTab data={loaderData} />}
        {loaderData.view === "pending" && <PendingTab data={loaderData} />}
        {loaderData.view === "submitted" && <SubmittedTab data={loaderData} />}
        {loaderData.view === "missing" && <MissingTab data={loaderData} />}
        {loaderData.view === "denied" && (
          <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-4 text-red-900 dark:bg-red-950 dark:text-red-100">
            {MISSING_DATA_DENIED}
          </p>
        )}
      </div>
    </div>
  );
}

// ---------------------------------------------------------------- States and Representatives

function SearchField({ id, label, q }: { id: string; label: string; q: string }) {
  return (
    <div className="min-w-64 flex-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input id={id} type="search" name="q" defaultValue={q} maxLength={200} className={inputClass} />
    </div>
  );
}

function StatesTab({ data }: { data: ViewOf<"states"> }) {
  return (
    <section aria-labelledby="states-heading">
      <h2 id="states-heading" className="sr-only">
        States
      </h2>
      <Form key={data.q} method="get" role="search" aria-label="States" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="tab" value="states" />
        {/* Keyed by the query, so the fields show the URL's values after a client-side navigation. */}
        <SearchField id="state-search" label="Search by name or abbreviation" q={data.q} />
        <button type="submit" className={buttonClass.primary}>
          Search
        </button>
      </Form>
      <div className="mt-4">
        <DataTable
          caption="States"
          rows={data.states}
          rowKey={(s) => s.id}
          empty="No records match your search"
          columns={[
            { header: "Abbreviation", cell: (s) => <span className="font-mono">{s.abbreviation}</span> },
            {
              header: "Name",
              cell: (s) => (
                <Link to={`/admin/state-detail/${s.id}`} className={textLinkClass}>
                  {s.name}
                </Link>
              ),
            },
            { header: "Representatives", cell: (s) => s.representativeCount },
            { header: "Political Leaning", cell: (s) => s.politicalLeaning ?? "Unknown" },
          ]}
        />
      </div>
    </section>
  );
}

function RepresentativesTab({ data }: { data: ViewOf<"representatives"> }) {
  const { list } = data;
  const filtered = Boolean(data.q || data.party || data.state);
  return (
    <section aria-labelledby="reps-heading">
      <h2 id="reps-heading" className="sr-only">
        Representatives
      </h2>
      <Form
        key={`${data.q}|${data.party}|${data.state}`}
        method="get"
        role="search"
        aria-label="Representatives"
        className="flex flex-wrap items-end gap-3"
      >
        <input type="hidden" name="tab" value="representatives" />
        <SearchField id="rep-search" label="Search by name or state" q={data.q} />
        <div>
          <label htmlFor="party-filter" className="text-sm font-medium">
            Party
          </label>
          <select id="party-filter" name="party" defaultValue={data.party} className={inputClass}>
            <option value="">All Parties</option>
            {list.parties.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="state-filter" className="text-sm font-medium">
            State
          </label>
          <select id="state-filter" name="state" defaultValue={data.state.toUpperCase()} className={inputClass}>
            <option value="">All States</option>
            {list.states.map((s) => (
              <option key={s.abbreviation} value={s.abbreviation}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass.primary}>
          Search
        </button>
        {filtered && (
          <Link to={pageUrl({ tab: "representatives" })} className={buttonClass.secondary}>
            Clear Filters
          </Link>
        )}
      </Form>
      <p className="mt-4 text-sm text-slate-700 dark:text-slate-300" role="status">
        Showing {list.officials.length} of {list.total}
      </p>
      <div className="mt-2">
        <DataTable
          caption="Representatives"
          rows={list.officials}
          rowKey={(o) => o.id}
          empty="No records match your search"
          columns={[
            {
              header: "Name",
              cell: (o) => (
                <Link to={`/admin/representative-detail/${o.id}`} className={textLinkClass}>
                  {o.name}
                </Link>
              ),
            },
            { header: "Office", cell: (o) => officeLabel(o.office) },
            { header: "State", cell: (o) => o.state.name },
            { header: "District", cell: (o) => o.district ?? "—" },
            { header: "Party", cell: (o) => o.party },
          ]}
        />
      </div>
      {list.total > list.officials.length && <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">{LIST_LIMIT_NOTE}</p>}
    </section>
  );
}

// ---------------------------------------------------------------- Pending Updates (admins)

const shownValue = (value: string | null) => (value === null ? "(empty)" : value);

function Change({ update }: { update: Pick<FieldUpdateView, "oldValue" | "newValue"> }) {
  return (
    <span className="break-words">
      <span className="text-slate-600 line-through dark:text-slate-400">{shownValue(update.oldValue)}</span>
      <span aria-hidden="true"> → </span>
      <span className="sr-only"> changed to </span>
      <span className="font-medium">{shownValue(update.newValue)}</span>
    </span>
  );
}

function byEntity(updates: FieldUpdateView[]) {
  const entities = new Map<string, FieldUpdateView[]>();
  for (const u of updates) {
    const key = `${u.entityType}:${u.entityId}`;
    entities.set(key, [...(entities.get(key) ?? []), u]);
  }
  return [...entities.entries()];
}

/**
 * With JavaScript, a group or entity box ticks or clears everything under it, and shows
 * checked when all its fields are, indeterminate when some are.
 */
function syncCheckboxTree(form: HTMLFormElement, changed?: HTMLInputElement) {
  const level = changed?.dataset.level;
  if (changed && (level === "group" || level === "entity")) {
    const scope = changed.closest(level === "group" ? "[data-group]" : "[data-entity]");
    scope?.querySelectorAll<HTMLInputElement>("input[type=checkbox]").forEach((box) => {
      box.checked = changed.checked;
      box.indeterminate = false;
    });
  }
  form.querySelectorAll<HTMLElement>("[data-group], [data-entity]").forEach((scope) => {
    const parent = scope.querySelector<HTMLInputElement>(`input[data-level=${"group" in scope.dataset ? "group" : "entity"}]`);
    const fields = [...scope.querySelectorAll<HTMLInputElement>("input[data-level=field]")];
    if (!parent || !fields.length) return;
    const checked = fields.filter((f) => f.checked).length;
    parent.checked = checked === fields.length;
    parent.indeterminate = checked > 0 && checked < fields.length;
  });
}

function PendingTab({ data }: { data: ViewOf<"pending"> }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const { groups } = data;
  const failure = actionData && actionData.intent !== "missing-data" ? actionData : null;
  const selected = new Set(failure?.selected ?? data.chosen);
  const shownIds = groups.flatMap((g) => g.update_ids);
  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";
  useEffect(() => {
    if (formRef.current) syncCheckboxTree(formRef.current);
  }, [groups, actionData]);
  const historyParam = data.showHistory ? "1" : undefined;
  const list = { tab: "pending", history: historyParam, submitter: data.submitter };
  const closeReject = pageUrl({ ...list, ...data.page, updateIds: data.rejecting?.map((u) => u.id) });
  return (
    <div className="space-y-8">
      <section aria-labelledby="pending-heading">
        <h2 id="pending-heading" className="text-xl font-semibold">
          Pending Updates
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          Field changes proposed by staff, by submitter and day (UTC), newest first. Approving applies each chosen change that is still up
          to date; one whose current value differs from what the submitter saw is skipped, with the reason. Approve All and Reject All act
          on the changes this page lists.
        </p>
        {data.submitter && (
          <p className="mt-2 text-sm">
            Changes by {groups[0]?.submitted_by_name ?? "this submitter"} only.{" "}
            <Link to={pageUrl({ ...list, submitter: undefined })} className={textLinkClass}>
              Show every submitter
            </Link>
          </p>
        )}
        {failure?.reasons ? (
          <div
            role="alert"
            className="mt-4 rounded-md border border-amber-700 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
          >
            <p className="font-semibold">{failure.title}:</p>
            <ul className="mt-1 list-disc space-y-1 pl-6">
              {failure.reasons.map((reason, i) => (
                <li key={i}>{reason}</li>
              ))}
            </ul>
          </div>
        ) : (
          failure &&
          !data.rejecting && (
            <div className="mt-4">
              <FormAlert title={failure.title} message={failure.message} />
            </div>
          )
        )}
        {groups.length === 0 ? (
          <p className="mt-4 rounded-lg border border-slate-200 p-6 text-center dark:border-slate-700">No pending updates</p>
        ) : (
          <Form
            method="post"
            ref={formRef}
            aria-label="Pending updates"
            className="mt-4 space-y-4"
            onChange={(event) => {
              const target = event.target as HTMLInputElement;
              if (target.type === "checkbox") syncCheckboxTree(event.currentTarget, target);
            }}
          >
            {/* Kept in the URL when Reject opens its dialog (a GET of this form). */}
            <input type="hidden" name="tab" value="pending" />
            {historyParam && <input type="hidden" name="history" value="1" />}
            {data.submitter && <input type="hidden" name="submitter" value={data.submitter} />}
            {data.page.after && <input type="hidden" name="after" value={data.page.after} />}
            {data.page.before && <input type="hidden" name="before" value={data.page.before} />}
            <input type="hidden" name="shownIds" value={shownIds.join(",")} />
            {groups.map((group) => (
              <PendingGroup
                key={`${group.submitted_by}|${group.submission_date}`}
                group={group}
                selected={selected}
                onlyTheirs={data.submitter || !group.submitted_by ? null : pageUrl({ ...list, submitter: group.submitted_by })}
              />
            ))}
            <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4 dark:border-slate-700">
              <button type="submit" name="intent" value="approve" className={buttonClass.primary} disabled={busy}>
                Approve selected
              </button>
              <button type="submit" formMethod="get" name="reject" value="selected" className={buttonClass.danger}>
                Reject selected
              </button>
              <button type="submit" name="intent" value="approve-all" className={buttonClass.secondary} disabled={busy}>
                Approve All
              </button>
              <button type="submit" formMethod="get" name="reject" value="all" className={buttonClass.secondary}>
                Reject All
              </button>
            </div>
          </Form>
        )}
        <CursorPagination
          previous={data.previous}
          next={data.next}
          summary={`Showing ${shownIds.length} of ${data.total ?? 0} pending changes, ${PAGE_SIZE} a page.`}
        />
      </section>

      {data.rejecting && (
        <Dialog title="Reject Updates" closeTo={closeReject}>
          <RejectForm updates={data.rejecting} closeTo={closeReject} failure={failure} />
        </Dialog>
      )}

      <section aria-labelledby="history-heading">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="history-heading" className="text-xl font-semibold">
            History
          </h2>
          <Link
            to={pageUrl({ tab: "pending", history: data.showHistory ? undefined : "1", submitter: data.submitter })}
            preventScrollReset
            className={buttonClass.secondary}
          >
            {data.showHistory ? "Hide History" : "Show History"}
          </Link>
        </div>
        {data.history && <DecidedHistory history={data.history} />}
      </section>
    </div>
  );
}

type PendingGroupData = ViewOf<"pending">["groups"][number];

/** `onlyTheirs`: the list of this submitter's changes alone, unless that is the list shown. */
function PendingGroup({ group, selected, onlyTheirs }: { group: PendingGroupData; selected: Set<number>; onlyTheirs: string | null }) {
  const day = formatDay(group.submission_date);
  const all = (ids: number[]) => ids.length > 0 && ids.every((id) => selected.has(id));
  return (
    <fieldset data-group className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <legend className="px-1">
        <label className="flex items-center gap-2 font-semibold">
          <input
            type="checkbox"
            name="allOf"
            value={group.update_ids.join(",")}
            data-level="group"
            defaultChecked={all(group.update_ids)}
            className="h-4 w-4"
            aria-label={`All changes by ${group.submitted_by_name} on ${day}`}
          />
          {group.submitted_by_name} · {day} (UTC)
        </label>
      </legend>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {group.update_count === 1 ? "1 change" : `${group.update_count} changes`}, latest <StaffTime value={group.latest_update} />
        {onlyTheirs && (
          <>
            {" · "}
            <Link to={onlyTheirs} className={textLinkClass}>
              Only changes by {group.submitted_by_name}
            </Link>
          </>
        )}
      </p>
      <div className="mt-3 space-y-3">
        {byEntity(group.updates).map(([key, updates]) => {
          const ids = updates.map((u) => u.id);
          const name = updates[0].entityName;
          return (
            <div key={key} data-entity className="rounded-md bg-slate-50 p-3 dark:bg-slate-900">
              <label className="flex items-center gap-2 font-medium">
                <input
                  type="checkbox"
                  name="allOf"
                  value={ids.join(",")}
                  data-level="entity"
                  defaultChecked={all(ids)}
                  className="h-4 w-4"
                  aria-label={`All changes to ${name} by ${group.submitted_by_name} on ${day}`}
                />
                {name}
              </label>
              <ul className="mt-2 space-y-2 pl-6">
                {updates.map((u) => (
                  <li key={u.id} className="text-sm">
                    <div className="flex flex-wrap items-start gap-2">
                      <input
                        id={`field-update-${u.id}`}
                        type="checkbox"
                        name="updateIds"
                        value={u.id}
                        data-level="field"
                        defaultChecked={selected.has(u.id)}
                        className="mt-0.5 h-4 w-4"
                        aria-label={`${u.fieldLabel} of ${name}`}
                        aria-describedby={`field-update-${u.id}-change`}
                      />
                      <label htmlFor={`field-update-${u.id}`} className="font-medium">
                        {u.fieldLabel}
                      </label>
                      <span id={`field-update-${u.id}-change`}>
                        <Change update={u} />
                      </span>
                    </div>
                    <p className="pl-6 text-xs text-slate-600 dark:text-slate-400">
                      Submitted <StaffTime value={u.createdAt} />
                      {u.notes ? ` · Notes: ${u.notes}` : ""}
                    </p>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

function RejectForm({
  updates,
  closeTo,
  failure,
}: {
  updates: FieldUpdateView[];
  closeTo: string;
  failure: Extract<ReturnType<typeof useActionData<typeof action>>, object> | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";
  if (!updates.length)
    return (
      <div className="space-y-4">
        <p role="alert">Choose at least one pending update to reject.</p>
        <div className="flex justify-end">
          <Link to={closeTo} replace preventScrollReset className={buttonClass.secondary}>
            Close
          </Link>
        </div>
      </div>
    );
  return (
    <Form method="post" className="space-y-4">
      <FormAlert title={failure?.title ?? "Error"} message={failure?.message} />
      <p>{updates.length === 1 ? "This change will be rejected:" : `These ${updates.length} changes will be rejected:`}</p>
      <ul className="max-h-60 list-disc space-y-1 overflow-y-auto pl-6 text-sm">
        {updates.map((u) => (
          <li key={u.id}>
            <input type="hidden" name="updateIds" value={u.id} />
            {u.fieldLabel} of {u.entityName}: <Change update={u} />
          </li>
        ))}
      </ul>
      <div>
        <label htmlFor="rejection-notes" className="text-sm font-medium">
          Rejection notes (optional)
        </label>
        <textarea id="rejection-notes" name="notes" rows={3} maxLength={2000} defaultValue={failure?.notes ?? ""} className={inputClass} />
      </div>
      <div className="flex justify-end gap-2">
        <Link to={closeTo} replace preventScrollReset className={buttonClass.secondary}>
          Cancel
        </Link>
        <button type="submit" name="intent" value="reject" className={buttonClass.danger} disabled={busy}>
          Confirm Rejection
        </button>
      </div>
    </Form>
  );
}

function DecidedHistory({ history: { groups, previous, next } }: { history: NonNullable<ViewOf<"pending">["history"]> }) {
  if (!groups.length)
    return (
      <p className="mt-4 rounded-lg border border-slate-200 p-6 text-center dark:border-slate-700">No approved or rejected updates found</p>
    );
  return (
    <div className="mt-4 space-y-4">
      {groups.map((g, index) => (
        <section
          key={`${g.date}|${g.submitted_by ?? g.submitted_by_name}|${g.entityType}:${g.entityId}`}
          aria-labelledby={`history-group-${index}`}
          className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
        >
          <h3 id={`history-group-${index}`} className="font-semibold">
            {formatDay(g.date)} (UTC) · {g.submitted_by_name} · {g.entityName}
          </h3>
          <ul className="mt-2 space-y-2 text-sm">
            {g.updates.map((u) => (
              <li key={u.id}>
                <span className="font-medium">{u.fieldLabel}</span>: <Change update={u} /> <UpdateStatusBadge status={u.status} />
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  {updateStatusLabel(u.status)} {u.reviewedByName ? `by ${u.reviewedByName} ` : ""}on <StaffTime value={u.decidedAt} />
                  {u.adminNotes ? ` · Admin notes: ${u.adminNotes}` : ""}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <CursorPagination previous={previous} next={next} summary={`Decided changes, most recent first, ${PAGE_SIZE} a page.`} />
    </div>
  );
}

// ---------------------------------------------------------------- Submitted Updates (moderators)

function SubmittedTab({ data }: { data: ViewOf<"submitted"> }) {
  const { pending, history, pages, historyPages } = data.submitted;
  return (
    <div className="space-y-8">
      <section aria-labelledby="my-pending-heading">
        <h2 id="my-pending-heading" className="text-xl font-semibold">
          Pending Submissions
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Your changes waiting for an admin, by day (UTC).</p>
        {pending.length === 0 ? (
          <p className="mt-4 rounded-lg border border-slate-200 p-6 text-center dark:border-slate-700">No pending submissions</p>
        ) : (
          <div className="mt-4 space-y-4">
            {pending.map((day) => (
              <section key={day.submission_date} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
                <h3 className="font-semibold">
                  {formatDay(day.submission_date)} (UTC) · {day.update_count === 1 ? "1 change" : `${day.update_count} changes`}
                </h3>
                <ul className="mt-2 space-y-2 text-sm">
                  {day.updates.map((u) => (
                    <li key={u.id}>
                      <span className="font-medium">
                        {u.fieldLabel} of {u.entityName}
                      </span>
                      : <Change update={u} /> <UpdateStatusBadge status={u.status} />
                      <span className="block text-xs text-slate-600 dark:text-slate-400">
                        Submitted <StaffTime value={u.createdAt} />
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
        <CursorPagination {...pages} summary={`Your pending changes, newest first, ${PAGE_SIZE} a page.`} />
      </section>
      <section aria-labelledby="my-history-heading">
        <h2 id="my-history-heading" className="text-xl font-semibold">
          Submission History
        </h2>
        <div className="mt-4">
          <DataTable
            caption="Submission history"
            rows={history}
            rowKey={(u) => u.id}
            empty="No historical submissions"
            columns={[
              { header: "Record", cell: (u) => u.entityName },
              { header: "Field", cell: (u) => u.fieldLabel },
              { header: "Change", cell: (u) => <Change update={u} /> },
              { header: "Status", cell: (u) => <UpdateStatusBadge status={u.status} /> },
              { header: "Date", cell: (u) => <StaffTime value={u.decidedAt} /> },
              { header: "Admin Notes", cell: (u) => u.adminNotes ?? "—" },
            ]}
          />
          <CursorPagination {...historyPages} summary={`Decided changes, most recent first, ${PAGE_SIZE} a page.`} />
        </div>
      </section>
    </div>
  );
}

// ---------------------------------------------------------------- Missing Data

const PRIORITY_TONES: Record<Priority, "bad" | "warn" | "neutral"> = { high: "bad", medium: "warn", low: "neutral" };
const CRITICAL_LABELS: Record<CriticalField, string> = {
  email: "Email",
  phone: "Phone",
  officeAddress: "Office address",
  websiteUrl: "Website",
  socialMediaLinks: "Social media links",
  biography: "Biography",
  committees: "Committees",
};
const MISSING_DATA_FIELDS = [
  { name: "email", label: "Email", type: "email" },
  { name: "phone", label: "Phone", type: "tel" },
  { name: "officeAddress", label: "Office address", type: "text" },
  { name: "websiteUrl", label: "Website URL", type: "url" },
] as const;

function MissingTab({ data }: { data: ViewOf<"missing"> }) {
  const closeTo = pageUrl({ tab: "missing", q: data.q, ...data.page });
  const updateUrl = (id: number) => pageUrl({ tab: "missing", q: data.q, ...data.page, update: id });
  return (
    <section aria-labelledby="missing-heading">
      <h2 id="missing-heading" className="text-xl font-semibold">
        Missing Data
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Representatives missing critical data, highest priority first. Suggestions wait for admin approval.
      </p>
      <Form key={data.q} method="get" role="search" aria-label="Missing data" className="mt-4 flex flex-wrap items-end gap-3">
        <input type="hidden" name="tab" value="missing" />
        <SearchField id="missing-search" label="Search by name or state" q={data.q} />
        <button type="submit" className={buttonClass.primary}>
          Search
        </button>
      </Form>
      {data.updating && (
        <Dialog title={`Update ${data.updating.name}`} closeTo={closeTo}>
          <MissingDataForm key={data.updating.representativeId} item={data.updating} closeTo={closeTo} />
        </Dialog>
      )}
      {data.items.length === 0 ? (
        <p className="mt-4 rounded-lg border border-slate-200 p-6 text-center dark:border-slate-700">
          No priority updates needed at this time
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
          {data.items.map((item) => (
            <li key={item.representativeId} className="flex flex-wrap items-start justify-between gap-3 p-4">
              <div>
                <p className="font-semibold">
                  <Link to={`/admin/representative-detail/${item.representativeId}`} className={textLinkClass}>
                    {item.name}
                  </Link>{" "}
                  <Badge tone={PRIORITY_TONES[item.priority]}>
                    {item.priority.charAt(0).toUpperCase() + item.priority.slice(1)} priority
                  </Badge>
                </p>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  {officeLabel(item.office)}, {item.stateName}
                </p>
                <p className="mt-1 text-sm">
                  Missing: {item.missingCriticalFields.map((f) => CRITICAL_LABELS[f]).join(", ")}
                  {item.pendingFields.length > 0 && (
                    <span className="text-slate-600 dark:text-slate-400">
                      {" "}
                      (suggestion pending: {item.pendingFields.map((f) => CRITICAL_LABELS[f]).join(", ")})
                    </span>
                  )}
                </p>
              </div>
              <Link
                to={updateUrl(item.representativeId)}
                preventScrollReset
                className={buttonClass.secondary}
                aria-label={`Update ${item.name}`}
              >
                Update
              </Link>
            </li>
          ))}
        </ul>
      )}
      <CursorPagination
        previous={data.previous}
        next={data.next}
        summary={`Showing ${data.items.length} of ${data.total} representatives, ${PAGE_SIZE} a page.`}
      />
    </section>
  );
}

function MissingDataForm({ item, closeTo }: { item: NonNullable<ViewOf<"missing">["updating"]>; closeTo: string }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const lastResult = actionData?.intent === "missing-data" ? actionData.result : undefined;
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(MissingDataSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: MissingDataSchema }),
  });
  const formRef = useRef<HTMLFormElement>(null);
  // The submit waits for a field (spec 3 §5); without JavaScript the server refuses an empty form.
  const [hydrated, setHydrated] = useState(false);
  const [entered, setEntered] = useState(false);
  const readEntered = () =>
    setEntered(MISSING_DATA_FIELDS.some((f) => String(new FormData(formRef.current!).get(f.name) ?? "").trim() !== ""));
  useEffect(() => {
    setHydrated(true);
    readEntered();
  }, []);
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "missing-data";
  return (
    <Form method="post" ref={formRef} {...getFormProps(form)} onInput={readEntered} className="space-y-2">
      <FormAlert id={form.errorId} title="Error" message={form.errors?.[0] ?? (lastResult && actionData?.message)} />
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Missing: {item.missingCriticalFields.map((f) => CRITICAL_LABELS[f]).join(", ")}. Enter at least one field; an admin reviews your
        suggestion before it is published.
      </p>
      <input type="hidden" name="officialId" value={item.representativeId} />
      {MISSING_DATA_FIELDS.map((f) => (
        <div key={f.name}>
          <label htmlFor={fields[f.name].id} className="text-sm font-medium">
            {f.label}
          </label>
          <input {...getInputProps(fields[f.name], { type: f.type })} autoComplete="off" className={inputClass} />
          <ErrorList id={fields[f.name].errorId} errors={fields[f.name].errors} />
        </div>
      ))}
      <div>
        <label htmlFor={fields.notes.id} className="text-sm font-medium">
          Notes (optional)
        </label>
        <textarea {...getTextareaProps(fields.notes)} rows={3} className={inputClass} />
        <ErrorList id={fields.notes.errorId} errors={fields.notes.errors} />
      </div>
      <div className="flex justify-end gap-2 pt-2">
        <Link to={closeTo} replace preventScrollReset className={buttonClass.secondary}>
          Cancel
        </Link>
        <button type="submit" name="intent" value="missing-data" className={buttonClass.primary} disabled={busy || (hydrated && !entered)}>
          {busy ? "Submitting..." : "Submit Update"}
        </button>
      </div>
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
