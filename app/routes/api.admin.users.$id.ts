// GET, PATCH and DELETE /api/admin/users/{id}. Reading is for moderators and above
// (the detail page's gate); what a PATCH or DELETE may change follows the rules in
// app/auth/permissions.ts, checked by the model: 403 with the rule's text, 404 for a missing user.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { readJson } from "~/json-body.server";
import { jsonError } from "~/json-response.server";
import { StaffUserPatchSchema } from "~/lib/admin-users";
import { deleteUserByStaff, getUserForStaff, updateUserByStaff } from "~/models/admin-users.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "page:user-detail");
  const user = await getUserForStaff(db, params.id ?? "");
  if (!user) return jsonError(404, "User not found");
  return Response.json(user, { headers: NO_STORE });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? "";
  if (request.method === "PATCH") {
    // Every staff role may write admin notes; the model refuses the rest by role.
    const actor = await requireApiPermission(request, "admin-notes:edit");
    const changes = await readJson(request, StaffUserPatchSchema);
    await updateUserByStaff(db, actor, id, changes);
    return Response.json(await getUserForStaff(db, id), { headers: NO_STORE });
  }
  if (request.method === "DELETE") {
    const actor = await requireApiPermission(request, "users:delete");
    await deleteUserByStaff(db, actor, id);
    return Response.json({ message: "User deleted" });
  }
  return jsonError(405, "Use GET, PATCH or DELETE.");
}
