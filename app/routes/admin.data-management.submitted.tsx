// /admin/data-management/submitted: a moderator's own changes, pending (by day) and decided; an
// admin asking for it is sent to Pending Updates.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DENIED, requirePermission } from "~/auth/permissions.server";
import { StatusBadge } from "~/components/badge";
import { Change, EmptyNote } from "~/components/data-management/fields";
import { PATH, QuerySchema, tabFor } from "~/components/data-management/tabs";
import { CursorPagination, DataTable } from "~/components/data-table";
import { StaffTime } from "~/components/staff-time";
import { updateStatusLook } from "~/components/update-status";
import { db } from "~/db.server";
import { parseQuery } from "~/lib/admin-users";
import { formatDay } from "~/lib/dates";
import { pageAt, pageHref, PAGE_SIZE, type PageLink } from "~/lib/keyset";
import { submittedUpdates } from "~/models/data-updates.server";

/** The page parameters of the decided history, apart from the pending list's. */
const HISTORY = "history_";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "page:data-management", DENIED.dashboard);
  const url = new URL(request.url);
  const { tab } = tabFor(user.role, "submitted");
  if (tab !== "submitted") throw redirect(`${PATH}/${tab}${url.search}`);
  parseQuery(request.url, QuerySchema);
  const mine = await submittedUpdates(db, user.id, { at: pageAt(url.searchParams), historyAt: pageAt(url.searchParams, HISTORY) });
  const href = (link: PageLink | null, prefix = "") => link && pageHref(url, link, [], prefix);
  const pages = { previous: href(mine.pages.previous), next: href(mine.pages.next) };
  const historyPages = { previous: href(mine.historyPages.previous, HISTORY), next: href(mine.historyPages.next, HISTORY) };
  return { ...mine, pages, historyPages };
}

export default function SubmittedTab() {
  const { pending, history, pages, historyPages } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-8">
      <section aria-labelledby="my-pending-heading">
        <h2 id="my-pending-heading" className="text-xl font-semibold">
          Pending Submissions
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Your changes waiting for an admin, by day (UTC).</p>
        {pending.length === 0 ? (
          <EmptyNote>No pending submissions</EmptyNote>
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
                      : <Change update={u} /> <StatusBadge status={u.status} look={updateStatusLook} />
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
              { header: "Status", cell: (u) => <StatusBadge status={u.status} look={updateStatusLook} /> },
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
