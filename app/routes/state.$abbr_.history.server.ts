// The server half of /state/{abbr}/history (app/routes/state.$abbr_.history.tsx): one page of the
// state's changes. One .server module per page keeps its browser bundle free of server stubs
// (decision 0027).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { db } from "~/db.server";
import { PAGE_MESSAGE, parsePage } from "~/lib/change-history";
import { StateAbbreviationParam } from "~/lib/route-params.server";
import { historyState, recordHistory } from "~/models/change-history.server";
import { STATE_NOT_FOUND } from "~/lib/not-found";

export async function loader({ params, request }: LoaderFunctionArgs) {
  const abbreviation = StateAbbreviationParam.safeParse(params.abbr);
  const state = abbreviation.success ? await historyState(db, abbreviation.data) : null;
  if (!state) throw data({ message: STATE_NOT_FOUND }, { status: 404 });
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  if (page === null) throw data({ message: PAGE_MESSAGE }, { status: 400 });
  const history = await recordHistory(db, "state", state.id, page);
  if (page > history.pageCount)
    throw data({ message: `This history has ${history.pageCount} page(s); there is no page ${page}.` }, { status: 404 });
  return { state, history };
}
