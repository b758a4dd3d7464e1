// POST /api/admin/data-updates/{updateId}/reject: rejects every pending field of one
// data update, with optional notes. Admin only.
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { readJsonFields } from "~/json-body.server";
import { jsonError, privateJson } from "~/json-response.server";
import { IdParam } from "~/lib/route-params";
import { DATA_UPDATE_TEXTS, RejectSchema } from "~/lib/staff-edits";
import { rejectDataUpdate } from "~/models/data-updates.server";

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST.");
  const admin = await requireApiPermission(request, "data-updates:approve");
  const id = IdParam.safeParse(params.updateId);
  if (!id.success) return jsonError(404, id.error.issues[0].message); // a non-canonical id names no record
  const { notes } = await readJsonFields(request, RejectSchema);
  return privateJson({ message: DATA_UPDATE_TEXTS.rejected, ...(await rejectDataUpdate(db, admin, id.data, notes)) });
}
