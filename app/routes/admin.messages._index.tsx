// /admin/messages: every stored contact message, newest first, for admins (docs/decisions/0006):
// a message whose email to support failed, or one a crash left unsent, is seen here.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { z } from "~/lib/zod";
import { DENIED, requirePermission } from "~/auth/permissions.server";
import { textLinkClass } from "~/components/button";
import { DataTable, Pagination } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MessageStatus, categoryLabel } from "~/components/message-status";
import { TabLinks } from "~/components/tabs";
import { db } from "~/db.server";
import { parseQuery } from "~/lib/admin-users";
import { FILTER_LABELS, MESSAGE_FILTERS } from "~/lib/contact-inbox";
import { StaffTime, TimeZoneNote } from "~/components/staff-time";
import { listContactMessages } from "~/models/contact-inbox.server";

export const meta: MetaFunction = () => [{ title: "Contact Messages · Civic Atlas" }];

const QuerySchema = z.object({
  filter: z.enum(MESSAGE_FILTERS, "filter must be all, unhandled or unsent.").default("all"),
  page: z.coerce.number().int("page must be a whole number from 1.").min(1, "page must be a whole number from 1.").default(1),
});

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "page:contact-messages", DENIED.adminOnly);
  const query = parseQuery(request.url, QuerySchema);
  return { filter: query.filter, list: await listContactMessages(db, query) };
}

export default function ContactMessages() {
  const { filter, list } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Link to="/admin" className={`text-sm ${textLinkClass}`}>
        ← Back to Dashboard
      </Link>
      <h1 className="mt-3 text-3xl font-bold">Contact Messages</h1>
      <div className="mt-6">
        <TabLinks
          label="Message filters"
          current={filter}
          tabs={MESSAGE_FILTERS.map((f) => ({ id: f, label: FILTER_LABELS[f], to: f === "all" ? "/admin/messages" : `?filter=${f}` }))}
        />
      </div>
      <div className="mt-4">
        <DataTable
          caption="Contact messages, newest first"
          rows={list.messages}
          rowKey={(m) => m.id}
          empty="No messages"
          columns={[
            { header: "Received", cell: (m) => <StaffTime value={m.createdAt} /> },
            { header: "Status", cell: (m) => <MessageStatus status={m.status} handled={Boolean(m.handledAt)} /> },
            {
              header: "Sender",
              cell: (m) => (
                <>
                  {m.name}
                  <span className="block break-all text-xs text-slate-700 dark:text-slate-300">{m.email}</span>
                </>
              ),
            },
            { header: "Category", cell: (m) => categoryLabel(m.category) },
            {
              header: "Subject",
              cell: (m) => (
                <Link to={`/admin/messages/${m.id}`} className={textLinkClass}>
                  {m.subject}
                </Link>
              ),
            },
          ]}
        />
        <Pagination page={list.page} pageCount={list.pageCount} total={list.total} search={location.search} />
        <TimeZoneNote />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
