// The server half of /state/{abbr}/history (app/routes/state.$abbr_.history.tsx): one page of the
// state's changes. One .server module per page keeps its browser bundle free of server stubs
// (decision 0027).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { db } from "~/db.server";
import { StateAbbreviationParam } from "~/lib/route-params.server";
import { historyState, askedHistoryPage } from "~/models/change-history.server";
import { STATE_NOT_FOUND } from "~/lib/not-found";

export async function loader({ params, request }: LoaderFunctionArgs) {
  const abbreviation = StateAbbreviationParam.safeParse(params.abbr);
  const state = abbreviation.success ? await historyState(db, abbreviation.data) : null;
  if (!state) throw data({ message: STATE_NOT_FOUND }, { status: 404 });
  const asked = await askedHistoryPage(db, "state", state.id, new URL(request.url));
  if ("refusal" in asked) throw data({ message: asked.refusal.message }, { status: asked.refusal.status });
  return { state, history: asked.history };
}
