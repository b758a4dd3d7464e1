// GET /api/representatives/{id}/history?page=N: an official's public changes, newest first, 50 a
// page (decision 0023). Sources by role: never a staff member's name.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { jsonError, jsonWithEtag } from "~/json-response.server";
import { PAGE_MESSAGE, parsePage } from "~/lib/change-history";
import { IdParam } from "~/lib/route-params";
import { historyOfficial, recordHistory } from "~/models/change-history.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = IdParam.safeParse(params.id);
  const official = id.success ? await historyOfficial(db, id.data) : null;
  if (!official) return jsonError(404, `No elected official has the id ${params.id}.`);
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  if (page === null) return jsonError(400, PAGE_MESSAGE);
  const history = await recordHistory(db, "official", official.id, page);
  if (page > history.pageCount) return jsonError(404, `This history has ${history.pageCount} page(s); there is no page ${page}.`);
  return jsonWithEtag(request, { official: { id: official.id, name: official.name }, ...history });
}
