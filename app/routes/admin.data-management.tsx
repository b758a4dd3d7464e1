// /admin/data-management: the layout of the Data Management section (states, representatives, the
// admins' review of pending field changes, a moderator's own submissions, and officials missing
// critical data). Each tab is its own route, /admin/data-management/<tab>, whose loader and action
// re-check the permission they need; this layout shows the heading and the tabs the viewer may see.
// The rules live in app/models/data-updates.server.ts and docs/decisions/0007-moderated-data-updates.md;
// the tab addresses in docs/decisions/0042-data-management-tab-routes.md.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { can } from "~/auth/permissions";
import { DENIED, requirePermission } from "~/auth/permissions.server";
import { textLinkClass } from "~/components/button";
import { PATH, TAB_IDS, TAB_LABELS, tabFor, tabUrl, type Tab } from "~/components/data-management/tabs";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { TabLinks } from "~/components/tabs";
import { db } from "~/db.server";
import { pendingUpdateCount, submittedPendingCount } from "~/models/data-updates.server";

export const meta: MetaFunction = () => [{ title: "Data Management · Civic Atlas" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "page:data-management", DENIED.dashboard);
  const { visible } = tabFor(user.role, undefined);
  const isAdmin = can(user.role, "data-updates:approve");
  const [pendingCount, submittedCount] = await Promise.all([
    isAdmin ? pendingUpdateCount(db) : null,
    visible.includes("submitted") ? submittedPendingCount(db, user.id) : null,
  ]);
  return { visible, isAdmin, pendingCount, submittedCount };
}

function CountBadge({ count, tone }: { count: number | null; tone: "red" | "neutral" }) {
  if (!count) return null;
  return (
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
  );
}

export default function DataManagement() {
  const { visible, isAdmin, pendingCount, submittedCount } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const current = TAB_IDS.find((t) => pathname === `${PATH}/${t}`) ?? "";
  const labelOf = (t: Tab): ReactNode => (
    <>
      {TAB_LABELS[t]}
      {t === "pending" && <CountBadge count={pendingCount} tone="red" />}
      {t === "submitted" && <CountBadge count={submittedCount} tone="neutral" />}
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
          current={current}
          tabs={visible.map((t) => ({ id: t, label: labelOf(t), to: tabUrl(t) }))}
        />
      </div>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
