// GET /api/representatives/{id}: one official (public). PUT: the staff edit of the representative
// form: a moderator's edit becomes a suggestion for admin review (status
// pending_review with the suggestions count); an admin's applies at once (status applied). Only
// the fields the form knows, at least one; anything else is a 400 naming the field.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { readJsonChanges } from "~/json-body.server";
import { jsonError, jsonWithEtag, privateJson } from "~/json-response.server";
import { officeAgeWarning } from "~/lib/official-age";
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
  const values = await readJsonChanges(request, RepresentativeEditSchema.partial());
  const outcome = await submitStaffEdit(db, user, { entityType: "official", entityId: id.data, values });
  if (!outcome) return notFound(id.data);
  const representative = await findOfficialForStaff(db, id.data);
  // A date of birth under the office's minimum age is saved, with the warning beside the answer.
  const warning = values.dateOfBirth
    ? officeAgeWarning({ dateOfBirth: values.dateOfBirth, office: values.office ?? representative!.office })
    : null;
  return privateJson({ ...outcome, representative, ...(warning ? { warning } : {}) });
}
