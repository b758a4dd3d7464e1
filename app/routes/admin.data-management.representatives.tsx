// /admin/data-management/representatives: officials searched by name or state and filtered by
// party and state, the first 50; rows link to the staff representative page.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { DENIED, requirePermission } from "~/auth/permissions.server";
import { buttonClass, textLinkClass, inputClass } from "~/components/button";
import { SearchField } from "~/components/data-management/fields";
import { QuerySchema, tabUrl } from "~/components/data-management/tabs";
import { DataTable } from "~/components/data-table";
import { db } from "~/db.server";
import { parseQuery } from "~/lib/admin-users";
import { officeLabel } from "~/lib/officials-order";
import { staffOfficialList } from "~/models/officials.server";

/** Representatives listed at most. */
const LIST_LIMIT = 50;
const LIST_LIMIT_NOTE = "Showing first 50 results. Use search to narrow down.";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "page:data-management", DENIED.dashboard);
  const query = parseQuery(request.url, QuerySchema);
  const list = await staffOfficialList(db, { q: query.q, party: query.party, state: query.state }, LIST_LIMIT);
  return { q: query.q ?? "", list, party: query.party ?? "", state: query.state ?? "" };
}

export default function RepresentativesTab() {
  const data = useLoaderData<typeof loader>();
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
          <Link to={tabUrl("representatives")} className={buttonClass.secondary}>
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
