// /representative/{id}/history: every public change to an official, newest first, grouped by day,
// 50 a page (decision 0023).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { ChangeList, PageLinks } from "~/components/change-history";
import { GeneralErrorBoundary, NotFoundPage } from "~/components/error-boundary";
import { db } from "~/db.server";
import { PAGE_MESSAGE, parsePage } from "~/lib/change-history";
import { officeLabel } from "~/lib/officials-order";
import { IdParam } from "~/lib/route-params.server";
import { historyOfficial, recordHistory } from "~/models/change-history.server";

const NOT_FOUND = "The elected official you're looking for could not be found.";

export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = IdParam.safeParse(params.id);
  const official = id.success ? await historyOfficial(db, id.data) : null;
  if (!official) throw data({ message: NOT_FOUND }, { status: 404 });
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  if (page === null) throw data({ message: PAGE_MESSAGE }, { status: 400 });
  const history = await recordHistory(db, "official", official.id, page);
  if (page > history.pageCount)
    throw data({ message: `This history has ${history.pageCount} page(s); there is no page ${page}.` }, { status: 404 });
  return { official, history };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Change history of ${data.official.name} · Civic Atlas` : "Change History Not Available · Civic Atlas" },
  {
    name: "description",
    content: data
      ? `Every change to ${data.official.name}'s public record on Civic Atlas: what changed, from what to what, where it came from and when.`
      : NOT_FOUND,
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
      <Link to={base} className="text-sm font-medium text-blue-700 underline dark:text-blue-300">
        ← Back to {official.name}
      </Link>
      <h1 className="mt-4 text-3xl font-bold">Change history: {official.name}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {officeLabel(official.office)}, {official.state.name}. {history.total} {history.total === 1 ? "change" : "changes"} recorded, newest
        first. Times are UTC.{" "}
        <a href={`${base}/history.atom`} className="font-medium text-blue-700 underline dark:text-blue-300">
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
  if (isRouteErrorResponse(error) && error.status === 404 && error.data?.message === NOT_FOUND) {
    return <NotFoundPage title="Elected Official Not Found" message={NOT_FOUND} back={{ to: "/", label: "Back to Map" }} />;
  }
  return <GeneralErrorBoundary />;
}
