// POST /api/admin/integration/job/{jobId}/cancel: cancels a pending run before it
// starts, or stops a running one at its next step. Admins. 409 for a run that has ended.
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { cancelRun } from "~/jobs/control.server";
import { JOB_TEXTS } from "~/jobs/definitions";
import { jsonError, privateJson } from "~/json-response.server";
import { IdParam } from "~/lib/route-params";

export const actionMethods = ["POST"];

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST.");
  await requireApiPermission(request, "integrations:cancel-run");
  const id = IdParam.safeParse(params.jobId);
  if (!id.success) return jsonError(404, JOB_TEXTS.executionNotFound);
  return privateJson({
    message: JOB_TEXTS.cancelled.title,
    description: JOB_TEXTS.cancelled.description,
    execution: await cancelRun(db, id.data),
  });
}
