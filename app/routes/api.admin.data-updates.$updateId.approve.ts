// POST /api/admin/data-updates/{updateId}/approve: approves every pending field of one
// data update. The review page sends {approved: false} to reject through the same call. Admin only.
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "~/lib/zod";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { readJsonFields } from "~/json-body.server";
import { jsonError, privateJson } from "~/json-response.server";
import { IdParam } from "~/lib/route-params";
import { DATA_UPDATE_TEXTS } from "~/lib/staff-edits";
import { approveDataUpdate, rejectDataUpdate } from "~/models/data-updates.server";

const Body = z.object({ approved: z.boolean("approved must be true or false.").optional(), notes: z.string().trim().max(2000).optional() });

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST.");
  const admin = await requireApiPermission(request, "data-updates:approve");
  const id = IdParam.safeParse(params.updateId);
  if (!id.success) return jsonError(404, id.error.issues[0].message); // a non-canonical id names no record
  const { approved = true, notes } = await readJsonFields(request, Body);
  if (approved) return privateJson({ message: DATA_UPDATE_TEXTS.approved, ...(await approveDataUpdate(db, admin, id.data)) });
  return privateJson({ message: DATA_UPDATE_TEXTS.rejected, ...(await rejectDataUpdate(db, admin, id.data, notes || null)) });
}
