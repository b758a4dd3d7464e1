// GET /api/representatives/{id}/history?page=N: an official's public changes, newest first, 50 a
// page (decision 0023). Sources by role: never a staff member's name.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { jsonError, jsonWithEtag } from "~/json-response.server";
import { IdParam } from "~/lib/route-params";
import { historyOfficial, askedHistoryPage } from "~/models/change-history.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = IdParam.safeParse(params.id);
  const official = id.success ? await historyOfficial(db, id.data) : null;
  if (!official) return jsonError(404, `No elected official has the id ${params.id}.`);
  const asked = await askedHistoryPage(db, "official", official.id, new URL(request.url));
  if ("refusal" in asked) return jsonError(asked.refusal.status, asked.refusal.message);
  return jsonWithEtag(request, { official: { id: official.id, name: official.name }, ...asked.history });
}
