// /admin/data-management/states: every state, searched by name or abbreviation; rows link to the
// staff state page.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { DENIED, requirePermission } from "~/auth/permissions.server";
import { buttonClass, textLinkClass } from "~/components/button";
import { SearchField } from "~/components/data-management/fields";
import { QuerySchema } from "~/components/data-management/tabs";
import { DataTable } from "~/components/data-table";
import { db } from "~/db.server";
import { parseQuery } from "~/lib/admin-users";
import { staffStateList } from "~/models/states.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "page:data-management", DENIED.dashboard);
  const query = parseQuery(request.url, QuerySchema);
  return { q: query.q ?? "", states: await staffStateList(db, query.q) };
}

export default function StatesTab() {
  const data = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="states-heading">
      <h2 id="states-heading" className="sr-only">
        States
      </h2>
      {/* Keyed by the query, so the fields show the URL's values after a client-side navigation. */}
      <Form key={data.q} method="get" role="search" aria-label="States" className="flex flex-wrap items-end gap-3">
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
