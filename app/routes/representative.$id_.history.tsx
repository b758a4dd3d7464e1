// /representative/{id}/history: every public change to an official, newest first, grouped by day,
// 50 a page (decision 0023).
import type { MetaFunction } from "@remix-run/node";
import { Link, isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { ChangeList, PageLinks } from "~/components/change-history";
import { GeneralErrorBoundary, NotFoundPage } from "~/components/error-boundary";
import { officeLabel } from "~/lib/officials-order";
import { OFFICIAL_NOT_FOUND } from "~/lib/not-found";
import { loader } from "./representative.$id_.history.server";
import { linkClass } from "~/components/button";

export { loader };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Change history of ${data.official.name} · Civic Atlas` : "Change History Not Available · Civic Atlas" },
  {
    name: "description",
    content: data
      ? `Every change to ${data.official.name}'s public record on Civic Atlas: what changed, from what to what, where it came from and when.`
      : OFFICIAL_NOT_FOUND,
  },
  ...(data
    ? [
        {
          tagName: "link",
          rel: "alternate",
          type: "application/atom+xml",
          title: `Changes to ${data.official.name} (Atom)`,
          href: `/representative/${data.official.id}/history.atom`,
        },
      ]
    : []),
];

export default function OfficialHistory() {
  const { official, history } = useLoaderData<typeof loader>();
  const base = `/representative/${official.id}`;
  return (
    <div className="mx-auto max-w-4xl px-4 py-6">
      <Link to={base} className={`text-sm font-medium ${linkClass}`}>
        ← Back to {official.name}
      </Link>
      <h1 className="mt-4 text-3xl font-bold">Change history: {official.name}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {officeLabel(official.office)}, {official.state.name}. {history.total} {history.total === 1 ? "change" : "changes"} recorded, newest
        first. Times are UTC.{" "}
        <a href={`${base}/history.atom`} className={`font-medium ${linkClass}`}>
          Atom feed
        </a>
      </p>
      <ChangeList entries={history.entries} emptyText="No changes have been recorded for this official yet." />
      <PageLinks page={history.page} pageCount={history.pageCount} hrefOf={(p) => `${base}/history${p > 1 ? `?page=${p}` : ""}`} />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404 && error.data?.message === OFFICIAL_NOT_FOUND) {
    return <NotFoundPage title="Elected Official Not Found" message={OFFICIAL_NOT_FOUND} back={{ to: "/", label: "Back to Map" }} />;
  }
  return <GeneralErrorBoundary />;
}
