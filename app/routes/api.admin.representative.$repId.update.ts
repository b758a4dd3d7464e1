// PATCH /api/admin/representative/{repId}/update: the Missing Data dialog's entered
// fields (email, phone, officeAddress, websiteUrl) and notes. POST is accepted too (the original
// client passes the method in an unusual form). A moderator's submission waits for review.
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { readJsonChanges } from "~/json-body.server";
import { jsonError, privateJson } from "~/json-response.server";
import { IdParam } from "~/lib/route-params";
import { MissingDataSchema, missingDataValues } from "~/lib/staff-edits";
import { submitStaffEdit } from "~/models/data-updates.server";

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH" && request.method !== "POST") return jsonError(405, "Use PATCH.");
  const user = await requireApiPermission(request, "data-updates:create");
  const id = IdParam.safeParse(params.repId);
  if (!id.success) return jsonError(404, id.error.issues[0].message); // a non-canonical id names no record
  const input = await readJsonChanges(request, MissingDataSchema);
  const outcome = await submitStaffEdit(db, user, {
    entityType: "official",
    entityId: id.data,
    values: missingDataValues(input),
    notes: input.notes,
  });
  if (!outcome) return jsonError(404, `No elected official has the id ${id.data}.`);
  return privateJson(outcome);
}
