// POST /api/admin/data-updates/bulk-approve {updateIds} (spec 3 §7): approves the chosen field
// updates in one transaction; a conflict with a changed live value refuses them all (409). Admin only.
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { readJsonFields } from "~/json-body.server";
import { jsonError, privateJson, refusalJson } from "~/json-response.server";
import { BulkApproveSchema, DATA_UPDATE_TEXTS } from "~/lib/staff-edits";
import { approveFieldUpdates } from "~/models/data-updates.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST.");
  const admin = await requireApiPermission(request, "data-updates:approve");
  const { updateIds } = await readJsonFields(request, BulkApproveSchema);
  try {
    return privateJson({ message: DATA_UPDATE_TEXTS.bulkApproved, ...(await approveFieldUpdates(db, admin, updateIds)) });
  } catch (error) {
    return refusalJson(error);
  }
}
