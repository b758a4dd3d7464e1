// PATCH /api/admin/users/{id}/status {isActive}: activate or deactivate an account.
// Admins, on non-owner accounts other than their own; deactivation ends the account's sessions.
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { readJson } from "~/json-body.server";
import { jsonError } from "~/json-response.server";
import { StatusPatchSchema } from "~/lib/admin-users";
import { setUserActive } from "~/models/admin-users.server";

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return jsonError(405, "Use PATCH.");
  const actor = await requireApiPermission(request, "users:set-active");
  const { isActive } = await readJson(request, StatusPatchSchema);
  await setUserActive(db, actor, params.id ?? "", isActive);
  return Response.json({ message: "Status updated", isActive });
}
