// /representative/{id}/history.atom: the official's latest 50 changes as an Atom feed (decision 0023).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { atomResponse, changeEntry, siteOrigin } from "~/lib/change-feeds.server";
import { changeFeedId } from "~/lib/change-history";
import { IdParam } from "~/lib/route-params";
import { historyOfficial, recordHistory } from "~/models/change-history.server";

export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = IdParam.safeParse(params.id);
  const official = id.success ? await historyOfficial(db, id.data) : null;
  if (!official)
    return new Response("No elected official has this id.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const { entries } = await recordHistory(db, "official", official.id, 1);
  const page = `/representative/${official.id}/history`;
  const link = siteOrigin(request) + page;
  return atomResponse(request, {
    id: changeFeedId(`representative/${official.id}/history`),
    title: `Changes to ${official.name} · Civic Atlas`,
    selfPath: `${page}.atom`,
    pagePath: page,
    entries: entries.map((e) => changeEntry(e, link)),
  });
}
