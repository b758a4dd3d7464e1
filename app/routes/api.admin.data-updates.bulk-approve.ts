// POST /api/admin/data-updates/bulk-approve {updateIds}: approves what can be approved,
// each field update on its own; one out of date, unknown or already decided is skipped with its
// reason. Answers the counts and each update's outcome: 200 when any was approved, else the status
// of the first refusal (404 unknown, 409 out of date or decided). Admin only.
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { readJsonFields } from "~/json-body.server";
import { jsonError, privateJson } from "~/json-response.server";
import { BulkApproveSchema, DATA_UPDATE_TEXTS } from "~/lib/staff-edits";
import { approveEachFieldUpdate } from "~/models/data-updates.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST.");
  const admin = await requireApiPermission(request, "data-updates:approve");
  const { updateIds } = await readJsonFields(request, BulkApproveSchema);
  const outcome = await approveEachFieldUpdate(db, admin, updateIds);
  const skipped = outcome.results.flatMap((r) => (r.status === "skipped" ? [r] : []));
  const message = outcome.approved ? DATA_UPDATE_TEXTS.bulkApproved : skipped.map((r) => r.reason).join(" ");
  const conflicts = skipped.flatMap((r) => r.conflicts ?? []);
  return privateJson({ message, ...outcome, conflicts }, { status: outcome.approved ? 200 : skipped[0].refusal });
}
