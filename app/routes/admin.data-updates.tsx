// /admin/data-updates: the data updates review page (docs/decisions/0007). Staff
// see the counts, the pending updates and the 10 newest; admins approve or reject. The detail
// overlay (?review={id}) and the rejection dialog (?reject={id}) are URLs, rendered ahead of the
// lists, and every decision is a POST form, so all of it works without JavaScript; with it the
// lists refresh every 10 seconds. The pending list shows 50 a page (?after= / ?before= links).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { can } from "~/auth/permissions";
import { DENIED, requirePermission } from "~/auth/permissions.server";
import { StatusBadge } from "~/components/badge";
import { buttonClass, textLinkClass } from "~/components/button";
import { CursorPagination, DataTable } from "~/components/data-table";
import { Dialog } from "~/components/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useToast } from "~/components/toaster";
import { updateStatusLabel, updateStatusLook } from "~/components/update-status";
import { usePolling } from "~/components/job-status";
import { RejectForm, ReviewDetails, updateTypeLabel } from "~/components/admin/data-updates/review";
import { db } from "~/db.server";
import { readFormData } from "~/form-data.server";
import { StaffTime, TimeZoneNote } from "~/components/staff-time";
import { Refusal } from "~/lib/refusal";
import { linkTo, pageAt, pageHref, PAGE_SIZE, type PageLink } from "~/lib/keyset";
import { IdParam } from "~/lib/route-params";
import { DATA_UPDATE_TEXTS, RejectSchema } from "~/lib/staff-edits";
import { approveDataUpdate, findDataUpdate, rejectDataUpdate, reviewPageLists } from "~/models/data-updates.server";
import { redirectWithToast } from "~/toast.server";

export const meta: MetaFunction = () => [{ title: "Data Updates · Civic Atlas" }];

const PAGE = "/admin/data-updates";
/** The review page's lists refresh every 10 seconds. */
const REFRESH_INTERVAL_MS = 10_000;
/** The query parameters of the overlays; the list's own address is the page without them. */
const DIALOGS = ["review", "reject"];
const NOT_FOUND = "Data update not found. It may have been removed, or the link is wrong.";
/** Fallback messages when processing an update, or a single approve or reject, fails without a server message. */
const FAILED = { approve: "Failed to approve update", reject: "Failed to reject update", process: "Failed to process update" };

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, "page:data-updates", DENIED.dashboard);
  const canDecide = can(viewer.role, "data-updates:approve");
  const url = new URL(request.url);
  const search = url.searchParams;
  // Only admins get the rejection dialog; for others ?reject= is ignored.
  const mode = search.has("review") ? "review" : canDecide && search.has("reject") ? "reject" : null;
  const id = mode ? IdParam.safeParse(search.get(mode)) : null;
  const [overview, opened] = await Promise.all([reviewPageLists(db, pageAt(search)), id?.success ? findDataUpdate(db, id.data) : null]);
  const href = (link: PageLink | null) => link && pageHref(url, link, DIALOGS);
  const notFound = mode !== null && !opened;
  return data(
    {
      counts: overview.counts,
      pending: overview.pending,
      recent: overview.recent,
      /** This page of the list without a dialog, and the pages either side. */
      listUrl: pageHref(url, linkTo(pageAt(search)), DIALOGS),
      previous: href(overview.previous),
      next: href(overview.next),
      canDecide,
      overlay: opened && mode ? { mode, update: opened } : null,
      notFound,
    },
    { status: notFound ? 404 : 200 },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, "page:data-updates", DENIED.dashboard);
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  const notes = String(formData.get("notes") ?? "");
  const fail = (status: number, message: string) =>
    data({ notes, toast: { title: "Error", description: message, variant: "destructive" as const } }, { status });

  if (!can(viewer.role, "data-updates:approve")) return fail(403, "Only admins can approve or reject data updates.");
  if (intent !== "approve" && intent !== "reject") return fail(400, `${FAILED.process}: unknown action.`);
  const id = IdParam.safeParse(formData.get("id") ?? "");
  if (!id.success) return fail(400, `${FAILED[intent]}: ${id.error.issues[0].message}`);
  const reviewer = { id: viewer.id, role: viewer.role };
  try {
    if (intent === "approve") {
      await approveDataUpdate(db, reviewer, id.data);
      return redirectWithToast(PAGE, { title: DATA_UPDATE_TEXTS.approved, description: DATA_UPDATE_TEXTS.decisionRecorded });
    }
    const parsed = RejectSchema.safeParse({ notes });
    if (!parsed.success) return fail(400, `Rejection notes: ${parsed.error.issues[0].message}`);
    await rejectDataUpdate(db, reviewer, id.data, parsed.data.notes ?? null);
    return redirectWithToast(PAGE, { title: DATA_UPDATE_TEXTS.rejected, description: DATA_UPDATE_TEXTS.decisionRecorded });
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return fail(error.status, error.message || FAILED[intent]);
  }
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type Row = LoaderData["pending"][number];

export default function DataUpdates() {
  const { counts, pending, recent, canDecide, overlay, notFound, listUrl, previous, next } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  useToast(failure?.toast);
  const location = useLocation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // Not while a dialog is open or a navigation or submission is under way.
  const navigation = useNavigation();
  usePolling(overlay === null && navigation.state === "idle", REFRESH_INTERVAL_MS);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Link to="/admin" className={`text-sm ${textLinkClass}`}>
        ← Back to Dashboard
      </Link>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">Data Updates</h1>
        <div className="flex items-center gap-3">
          {hydrated && <p className="text-sm text-slate-700 dark:text-slate-300">The lists refresh every 10 seconds.</p>}
          <Link to={location.pathname + location.search} className={buttonClass.secondary} preventScrollReset>
            Refresh
          </Link>
        </div>
      </div>

      {notFound && (
        <div role="alert" className="mt-4 rounded-md border border-red-700 bg-red-50 p-4 text-red-900 dark:bg-red-950 dark:text-red-100">
          <p className="font-semibold">Data update not found</p>
          <p className="mt-1">{NOT_FOUND}</p>
          <Link to={PAGE} className={`mt-2 inline-block ${textLinkClass}`}>
            Back to Data Updates
          </Link>
        </div>
      )}

      {/* Ahead of the lists, so without JavaScript the chosen update shows at the top of the page. */}
      {overlay?.mode === "review" && (
        <Dialog title="Review Data Update" closeTo={listUrl} wide>
          <ReviewDetails update={overlay.update} canDecide={canDecide} />
        </Dialog>
      )}
      {overlay?.mode === "reject" && (
        <Dialog title="Reject Update" closeTo={listUrl}>
          <p>
            Reject the update of <span className="font-semibold">{overlay.update.entityName}</span>
            {overlay.update.status === "pending" ? "?" : `: it was already ${updateStatusLabel(overlay.update.status).toLowerCase()}.`}
          </p>
          {overlay.update.status === "pending" && <RejectForm id={overlay.update.id} closeTo={listUrl} />}
        </Dialog>
      )}
      <section aria-label="Summary" className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SummaryCard label="Pending Review" value={counts.pending} />
        <SummaryCard label="Approved" value={counts.approved} />
        <SummaryCard label="Partly Approved" value={counts.partly_approved} />
        <SummaryCard label="Rejected" value={counts.rejected} />
      </section>

      <section aria-labelledby="pending-heading" className="mt-8">
        <h2 id="pending-heading" className="text-xl font-semibold">
          Pending Updates
        </h2>
        <div className="mt-3">
          <DataTable
            caption="Pending data updates, newest first"
            rows={pending}
            rowKey={(u) => u.id}
            empty="No pending updates"
            columns={[
              ...commonColumns,
              { header: "Fields", cell: (u) => u.fieldCount },
              { header: "Actions", cell: (u) => <RowActions update={u} canDecide={canDecide} /> },
            ]}
          />
          <CursorPagination
            previous={previous}
            next={next}
            summary={`Showing ${pending.length} of ${counts.pending} pending, ${PAGE_SIZE} a page.`}
          />
        </div>
      </section>

      <section aria-labelledby="recent-heading" className="mt-8">
        <h2 id="recent-heading" className="text-xl font-semibold">
          Recent Updates
        </h2>
        <TimeZoneNote lead="The 10 newest data updates. " />
        <div className="mt-3">
          <DataTable
            caption="Recent data updates, newest first"
            rows={recent}
            rowKey={(u) => u.id}
            empty="No data updates found"
            columns={[
              ...commonColumns,
              { header: "Status", cell: (u) => <StatusBadge status={u.status} look={updateStatusLook} /> },
              {
                header: "Decided",
                cell: (u) =>
                  u.decidedAt ? (
                    <>
                      <StaffTime value={u.decidedAt} />
                      {u.approvedBy ? ` by ${u.approvedBy}` : ""}
                    </>
                  ) : (
                    "—"
                  ),
              },
              { header: "Details", cell: (u) => <ReviewLink id={u.id} /> },
            ]}
          />
        </div>
      </section>
    </div>
  );
}

const commonColumns = [
  { header: "Entity", cell: (u: Row) => u.entityName },
  { header: "Type", cell: (u: Row) => updateTypeLabel(u.updateType) },
  { header: "Source", cell: (u: Row) => u.source ?? "—" },
  { header: "Submitted by", cell: (u: Row) => u.submittedByName },
  { header: "Submitted", cell: (u: Row) => <StaffTime value={u.createdAt} /> },
];

function SummaryCard({ label, value }: { label: string; value: number }) {
  return (
    <div data-testid="summary-card" className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <p className="text-sm font-medium text-slate-700 dark:text-slate-300">{label}</p>
      <p className="mt-1 text-3xl font-bold">{value}</p>
    </div>
  );
}

/** The address of this list page with a dialog open (review or reject) on an update. */
function useDialogHref() {
  const { search } = useLocation();
  return (mode: "review" | "reject", id: number) => {
    const params = new URLSearchParams(search);
    for (const key of DIALOGS) params.delete(key);
    params.set(mode, String(id));
    return `?${params}`;
  };
}

function ReviewLink({ id }: { id: number }) {
  const dialogHref = useDialogHref();
  return (
    <Link to={dialogHref("review", id)} preventScrollReset className={textLinkClass}>
      Review
    </Link>
  );
}

/** Review for everyone; Approve and Reject for admins. With JavaScript, Reject asks for notes first. */
function RowActions({ update, canDecide }: { update: Row; canDecide: boolean }) {
  const navigate = useNavigate();
  const dialogHref = useDialogHref();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ReviewLink id={update.id} />
      {canDecide && (
        <Form method="post" action={PAGE} className="flex gap-2">
          <input type="hidden" name="id" value={update.id} />
          <button type="submit" name="intent" value="approve" className={buttonClass.primary}>
            Approve
          </button>
          <button
            type="submit"
            name="intent"
            value="reject"
            className={buttonClass.danger}
            onClick={(event) => {
              event.preventDefault();
              navigate(dialogHref("reject", update.id), { preventScrollReset: true });
            }}
          >
            Reject
          </button>
        </Form>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
