// POST /api/admin/users/{id}/resend-confirmation: staff resend the confirmation
// email (the Resend button of /admin/users/{id}). Admins only.
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { jsonError } from "~/json-response.server";
import { Refusal } from "~/lib/refusal";
import { resendConfirmation } from "~/models/account-emails.server";

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST.");
  const actor = await requireApiPermission(request, "users:update");
  try {
    const user = await resendConfirmation(params.id ?? "", actor.id);
    if (!user) return jsonError(404, "User not found");
    return Response.json({ message: "Email sent" });
  } catch (error) {
    if (error instanceof Refusal) throw error; // answered by the server's one wrapper (app/server/remix.server.ts)
    return jsonError(502, "Failed to send confirmation email");
  }
}
