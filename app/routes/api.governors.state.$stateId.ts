// GET /api/governors/state/{stateId}: the governor of one state (null when it has none).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { jsonError, jsonWithEtag } from "~/json-response.server";
import { IdParam } from "~/lib/route-params";
import { listOfficials } from "~/models/officials.server";
import { findStateById } from "~/models/states.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = IdParam.safeParse(params.stateId);
  if (!id.success) return jsonError(400, id.error.issues[0].message);
  if (!(await findStateById(db, id.data))) return jsonError(404, `No state has the id ${id.data}.`);
  const [governor] = await listOfficials(db, { office: "Governor", stateId: id.data });
  return jsonWithEtag(request, governor ?? null);
}
