// PUT and DELETE /api/leads/{id}: edit a lead (the fields sent; a key left out stays
// as it is) or delete it. Admins only.
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { readJsonChanges } from "~/json-body.server";
import { jsonError, privateJson } from "~/json-response.server";
import { LeadEditSchema } from "~/components/lead-edit-form";
import { LEAD_TEXTS } from "~/lib/leads";
import { IdParam } from "~/lib/route-params";
import { deleteLead, updateLead } from "~/models/leads.server";

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return jsonError(405, "Use PUT or DELETE.");
  await requireApiPermission(request, "leads:manage");
  const id = IdParam.safeParse(params.id);
  if (!id.success) return jsonError(404, id.error.issues[0].message); // a non-canonical id names no record
  if (request.method === "DELETE") {
    return (await deleteLead(db, id.data)) ? privateJson({ message: LEAD_TEXTS.deleted }) : jsonError(404, LEAD_TEXTS.notFound);
  }
  const changes = await readJsonChanges(request, LeadEditSchema.partial());
  const lead = await updateLead(db, id.data, changes);
  return lead ? privateJson({ message: LEAD_TEXTS.updated, lead }) : jsonError(404, LEAD_TEXTS.notFound);
}
