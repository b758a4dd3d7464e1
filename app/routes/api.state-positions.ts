// GET /api/state-positions?issue=&filterType=: for party affiliation (issue "all" or "party"),
// the majority party among each state's officials of that type. Other issues have no data yet
// and answer an empty array.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "~/lib/zod";
import { db } from "~/db.server";
import { jsonError, jsonWithEtag } from "~/json-response.server";
import { ISSUES } from "~/lib/home-filters";
import { GROUP_OFFICES, statePositions } from "~/lib/state-positions";
import { officialParties } from "~/models/officials.server";
import { listStates } from "~/models/states.server";

const Query = z.object({
  issue: z.enum([...ISSUES, "party"], `issue must be one of ${[...ISSUES, "party"].join(", ")}.`),
  filterType: z.enum(
    Object.keys(GROUP_OFFICES) as [string, ...string[]],
    `filterType must be one of ${Object.keys(GROUP_OFFICES).join(", ")}.`,
  ),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = Query.safeParse({ issue: url.searchParams.get("issue") ?? "all", filterType: url.searchParams.get("filterType") ?? "all" });
  if (!query.success) return jsonError(400, query.error.issues[0].message);
  if (query.data.issue !== "all" && query.data.issue !== "party") return jsonWithEtag(request, []);
  const [states, parties] = await Promise.all([listStates(db), officialParties(db)]);
  return jsonWithEtag(
    request,
    statePositions(
      parties,
      states.map((s) => s.id),
      query.data.filterType,
    ),
  );
}
