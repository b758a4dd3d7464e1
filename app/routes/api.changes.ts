// GET /api/changes?state=TX&group=contact&page=N: the latest public changes across every official
// and state, with /changes's filters and pages (decision 0023).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { jsonError, jsonWithEtag } from "~/json-response.server";
import { parseChangeFilters } from "~/lib/change-history";
import { latestChanges } from "~/models/change-history.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const parsed = parseChangeFilters(new URL(request.url).searchParams);
  if ("error" in parsed) return jsonError(400, parsed.error);
  const { filters } = parsed;
  const changes = await latestChanges(db, filters);
  if (!changes) return jsonError(400, `No state has the abbreviation ${filters.stateAbbreviation}.`);
  if (filters.page > changes.pageCount)
    return jsonError(404, `This list has ${changes.pageCount} page(s); there is no page ${filters.page}.`);
  return jsonWithEtag(request, { filters, ...changes });
}
