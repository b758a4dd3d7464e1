// /state/{abbr}/history.atom: the state's latest 50 changes as an Atom feed (decision 0023).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { atomResponse, changeEntry, siteOrigin } from "~/lib/change-feeds.server";
import { changeFeedId } from "~/lib/change-history";
import { StateAbbreviationParam } from "~/lib/route-params";
import { historyState, recordHistory } from "~/models/change-history.server";

export async function loader({ params, request }: LoaderFunctionArgs) {
  const abbreviation = StateAbbreviationParam.safeParse(params.abbr);
  const state = abbreviation.success ? await historyState(db, abbreviation.data) : null;
  if (!state)
    return new Response("No state has this abbreviation.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const { entries } = await recordHistory(db, "state", state.id, 1);
  const page = `/state/${state.abbreviation}/history`;
  const link = siteOrigin(request) + page;
  return atomResponse(request, {
    id: changeFeedId(`state/${state.abbreviation}/history`),
    title: `Changes to ${state.name} · Civic Atlas`,
    selfPath: `${page}.atom`,
    pagePath: page,
    entries: entries.map((e) => changeEntry(e, link)),
  });
}
