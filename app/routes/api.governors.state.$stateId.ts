// GET /api/governors/state/{stateId}: the governor of one state (null when it has none).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { jsonError, jsonWithEtag } from "~/json-response.server";
import { IdParam } from "~/lib/route-params";
import { listOfficials } from "~/models/officials.server";
import { findStateById } from "~/models/states.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = IdParam.safeParse(params.stateId);
  const state = id.success ? await findStateById(db, id.data) : null;
  if (!state) return jsonError(404, `No state has the id ${params.stateId}.`);
  const [governor] = await listOfficials(db, { office: "Governor", stateId: state.id });
  return jsonWithEtag(request, governor ?? null);
}
