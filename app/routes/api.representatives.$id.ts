// GET /api/representatives/{id}: one official (public). PUT: the staff edit of the representative
// form (spec 3 §7): a moderator's edit becomes a suggestion for admin review (status
// pending_review with the suggestions count); an admin's applies at once (status applied).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { readJsonFields } from "~/json-body.server";
import { jsonError, jsonWithEtag, privateJson, refusalJson } from "~/json-response.server";
import { IdParam } from "~/lib/route-params";
import { RepresentativeEditSchema } from "~/lib/staff-edits";
import { submitStaffEdit } from "~/models/data-updates.server";
import { findOfficial, findOfficialForStaff } from "~/models/officials.server";

const notFound = (id: number | string | undefined) => jsonError(404, `No elected official has the id ${id}.`);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = IdParam.safeParse(params.id);
  const official = id.success ? await findOfficial(db, id.data) : null;
  if (!official) return notFound(params.id);
  return jsonWithEtag(request, official);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return jsonError(405, "Use PUT.");
  const user = await requireApiPermission(request, "data-updates:create");
  const id = IdParam.safeParse(params.id);
  if (!id.success) return jsonError(404, id.error.issues[0].message); // a non-canonical id names no record
  // The fields sent are the ones changed; a key left out stays as it is.
  const values = await readJsonFields(request, RepresentativeEditSchema.partial());
  try {
    const outcome = await submitStaffEdit(db, user, { entityType: "official", entityId: id.data, values });
    if (!outcome) return notFound(id.data);
    return privateJson({ ...outcome, representative: await findOfficialForStaff(db, id.data) });
  } catch (error) {
    return refusalJson(error);
  }
}
