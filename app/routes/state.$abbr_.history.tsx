// /state/{abbr}/history: every public change to a state's own facts, newest first, grouped by day,
// 50 a page (decision 0023). Its officials' changes are on their own pages and on /changes?state=.
import type { MetaFunction } from "@remix-run/node";
import { Link, isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { ChangeList, PageLinks } from "~/components/change-history";
import { GeneralErrorBoundary, NotFoundPage } from "~/components/error-boundary";
import { STATE_NOT_FOUND } from "~/lib/not-found";
import { loader } from "./state.$abbr_.history.server";
import { linkClass } from "~/components/button";

export { loader };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Change history of ${data.state.name} · Civic Atlas` : "Change History Not Available · Civic Atlas" },
  {
    name: "description",
    content: data
      ? `Every change to ${data.state.name}'s facts on Civic Atlas: what changed, where it came from and when.`
      : STATE_NOT_FOUND,
  },
  ...(data
    ? [
        {
          tagName: "link",
          rel: "alternate",
          type: "application/atom+xml",
          title: `Changes to ${data.state.name} (Atom)`,
          href: `/state/${data.state.abbreviation}/history.atom`,
        },
      ]
    : []),
];

export default function StateHistory() {
  const { state, history } = useLoaderData<typeof loader>();
  const base = `/state/${state.abbreviation}`;
  return (
    <div className="mx-auto max-w-4xl px-4 py-6">
      <Link to={base} className={`text-sm font-medium ${linkClass}`}>
        ← Back to {state.name}
      </Link>
      <h1 className="mt-4 text-3xl font-bold">Change history: {state.name}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {history.total} {history.total === 1 ? "change" : "changes"} to the state's facts, newest first. Times are UTC. Changes to its
        officials:{" "}
        <Link to={`/changes?state=${state.abbreviation}`} className={`font-medium ${linkClass}`}>
          latest changes in {state.name}
        </Link>
        .{" "}
        <a href={`${base}/history.atom`} className={`font-medium ${linkClass}`}>
          Atom feed
        </a>
      </p>
      <ChangeList entries={history.entries} emptyText="No changes have been recorded for this state yet." />
      <PageLinks page={history.page} pageCount={history.pageCount} hrefOf={(p) => `${base}/history${p > 1 ? `?page=${p}` : ""}`} />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404 && error.data?.message === STATE_NOT_FOUND) {
    return <NotFoundPage title="State Not Found" message={STATE_NOT_FOUND} back={{ to: "/", label: "Back to Home" }} />;
  }
  return <GeneralErrorBoundary />;
}
