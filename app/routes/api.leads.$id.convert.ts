// POST /api/leads/{id}/convert: makes a user account from the lead, emails a
// set-password link and marks the lead converted with the new user's id. The original client sends
// a userId; the server makes the account and its id itself, so it is ignored. Admins only.
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { jsonError, privateJson } from "~/json-response.server";
import { LEAD_TEXTS } from "~/lib/leads";
import { IdParam } from "~/lib/route-params";
import { convertLead } from "~/models/leads.server";

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST.");
  const staff = await requireApiPermission(request, "leads:manage");
  const id = IdParam.safeParse(params.id);
  if (!id.success) return jsonError(404, id.error.issues[0].message); // a non-canonical id names no record
  const result = await convertLead(db, id.data, staff);
  return result ? privateJson({ message: LEAD_TEXTS.converted, ...result }, { status: 201 }) : jsonError(404, LEAD_TEXTS.notFound);
}
