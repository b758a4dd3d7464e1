// /admin (and /admin/dashboard, the same screen): the staff dashboard (spec 2 §2, §6). The page
// admits moderators; the stats and the admin cards are admin data (docs/decisions/0002).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { can } from "~/auth/permissions";
import { DENIED, requirePermission } from "~/auth/permissions.server";
import { STAFF_ROLE_LABELS } from "~/auth/roles";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { db } from "~/db.server";
import { getAdminStats } from "~/models/admin-stats.server";
import { countOpenMessages } from "~/models/contact-inbox.server";

export const meta: MetaFunction = () => [{ title: "Admin Dashboard · Civic Atlas" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "page:dashboard", DENIED.dashboard);
  const [stats, messages] = await Promise.all([
    can(user.role, "system-stats:view") ? getAdminStats(db) : null,
    can(user.role, "contact-messages:manage") ? countOpenMessages(db) : null,
  ]);
  return { role: user.role, stats, messages };
}

export default function AdminDashboard() {
  const { role, stats, messages } = useLoaderData<typeof loader>();
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
        </section>
      )}

      {messages && (
        <section aria-labelledby="messages-heading" className="mt-6 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
          <h2 id="messages-heading" className="font-semibold">
            Contact messages
          </h2>
          <p className="mt-1" data-testid="message-counts">
            <Link to="/admin/messages?filter=unhandled" className="font-medium text-blue-700 underline dark:text-blue-300">
              {messages.unhandled} unhandled
            </Link>
            {", "}
            <Link to="/admin/messages?filter=unsent" className="font-medium text-blue-700 underline dark:text-blue-300">
              {messages.unsent} not delivered to support
            </Link>
          </p>
        </section>
      )}

      {can(role, "scheduled-jobs:view") && (
        // Reserved for the scheduled-jobs issue: the Scheduled Jobs overview, the Automated
        // Schedule card and the Run Full Chain button (spec 2 §2). Nothing is shown until they exist.
        <section aria-labelledby="jobs-heading" className="mt-6 rounded-lg border border-dashed border-slate-300 p-4 dark:border-slate-600">
          <h2 id="jobs-heading" className="font-semibold">
            Scheduled Jobs
          </h2>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            The scheduled jobs overview, the automated schedule and Run Full Chain are not available yet.
          </p>
        </section>
      )}

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
