// GET and PUT /api/states/{id}: the staff state detail record, with notes, and its
// edit. A moderator's edit becomes a suggestion for admin review (status pending_review with the
// suggestions count); an admin's applies at once (status applied). Moderators and above.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { readJsonChanges } from "~/json-body.server";
import { jsonError, privateJson } from "~/json-response.server";
import { IdParam } from "~/lib/route-params";
import { StateEditSchema } from "~/lib/staff-edits";
import { submitStaffEdit } from "~/models/data-updates.server";
import { findStateForStaff } from "~/models/states.server";

const notFound = (id: number) => jsonError(404, `No state has the id ${id}.`);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "staff-records:view");
  const id = IdParam.safeParse(params.id);
  if (!id.success) return jsonError(404, id.error.issues[0].message); // a non-canonical id names no record
  const state = await findStateForStaff(db, id.data);
  return state ? privateJson(state) : notFound(id.data);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return jsonError(405, "Use PUT.");
  const user = await requireApiPermission(request, "data-updates:create");
  const id = IdParam.safeParse(params.id);
  if (!id.success) return jsonError(404, id.error.issues[0].message); // a non-canonical id names no record
  // The fields sent are the ones changed; a key left out stays as it is.
  const values = await readJsonChanges(request, StateEditSchema.partial());
  const outcome = await submitStaffEdit(db, user, { entityType: "state", entityId: id.data, values });
  if (!outcome) return notFound(id.data);
  return privateJson({ ...outcome, state: await findStateForStaff(db, id.data) });
}
