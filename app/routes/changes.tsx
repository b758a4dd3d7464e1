// /changes: the latest public changes across every official and state, filtered by state and
// field group with a GET form that works without JavaScript (decision 0023).
import type { MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ChangeList, PageLinks } from "~/components/change-history";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { changeFiltersQuery, FIELD_GROUPS } from "~/lib/change-history";
import { loader } from "./changes.server";
import { linkClass, filledButton } from "~/components/button";

export { loader };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: "Latest changes · Civic Atlas" },
  {
    name: "description",
    content: "The latest changes to elected officials' and states' public records on Civic Atlas, with where each one came from.",
  },
  {
    tagName: "link",
    rel: "alternate",
    type: "application/atom+xml",
    title: "Latest changes (Atom)",
    href: `/changes.atom${data ? changeFiltersQuery({ ...data.filters, page: 1 }) : ""}`,
  },
];

const fieldClass =
  "mt-1 block rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100";

export default function Changes() {
  const { filters, changes, states } = useLoaderData<typeof loader>();
  const feed = `/changes.atom${changeFiltersQuery({ ...filters, page: 1 })}`;
  return (
    <div className="mx-auto max-w-4xl px-4 py-6">
      <h1 className="text-3xl font-bold">Latest changes</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Every change to an official's or a state's public record, newest first, with where it came from. Times are UTC.{" "}
        <a href={feed} className={`font-medium ${linkClass}`}>
          Atom feed
        </a>
      </p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-4" aria-label="Filter changes">
        <label className="text-sm font-medium">
          State
          <select name="state" defaultValue={filters.stateAbbreviation ?? ""} className={fieldClass}>
            <option value="">All states</option>
            {states.map((s) => (
              <option key={s.abbreviation} value={s.abbreviation}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          Fields
          <select name="group" defaultValue={filters.group ?? ""} className={fieldClass}>
            <option value="">All fields</option>
            {Object.entries(FIELD_GROUPS).map(([value, group]) => (
              <option key={value} value={value}>
                {group.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={filledButton}>
          Show changes
        </button>
      </Form>
      <p className="mt-4 text-sm text-slate-700 dark:text-slate-300" role="status">
        {changes.total} {changes.total === 1 ? "change" : "changes"}
      </p>
      <ChangeList entries={changes.entries} emptyText="No changes match these filters yet." />
      <PageLinks
        page={changes.page}
        pageCount={changes.pageCount}
        hrefOf={(page) => `/changes${changeFiltersQuery({ ...filters, page })}`}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
