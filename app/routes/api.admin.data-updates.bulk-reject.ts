// POST /api/admin/data-updates/bulk-reject {updateIds, notes}: rejects the chosen
// field updates in one transaction, with optional notes. Admin only.
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { readJsonFields } from "~/json-body.server";
import { jsonError, privateJson } from "~/json-response.server";
import { BulkRejectSchema, DATA_UPDATE_TEXTS } from "~/lib/staff-edits";
import { rejectFieldUpdates } from "~/models/data-updates.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST.");
  const admin = await requireApiPermission(request, "data-updates:approve");
  const { updateIds, notes } = await readJsonFields(request, BulkRejectSchema);
  return privateJson({ message: DATA_UPDATE_TEXTS.bulkRejected, ...(await rejectFieldUpdates(db, admin, updateIds, notes)) });
}
