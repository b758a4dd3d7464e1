// GET /api/states/{id}/representatives: the state's governor, senators and House
// members for the staff state detail page. Moderators and above.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { jsonError, privateJson } from "~/json-response.server";
import { IdParam } from "~/lib/route-params";
import { findStateForStaff, stateRepresentativesForStaff } from "~/models/states.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "staff-records:view");
  const id = IdParam.safeParse(params.id);
  if (!id.success) return jsonError(404, id.error.issues[0].message); // a non-canonical id names no record
  if (!(await findStateForStaff(db, id.data))) return jsonError(404, `No state has the id ${id.data}.`);
  return privateJson(await stateRepresentativesForStaff(db, id.data));
}
