// POST /api/admin/integration/{type}/run: queues a run by hand (a disabled job too).
// Admins. No body is read. 201 with the created execution; 409 "A job is already running" while
// one is pending or running.
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { requireJobType, runByHand } from "~/jobs/control.server";
import { JOB_DEFINITIONS, JOB_TEXTS } from "~/jobs/definitions";
import { jsonError, privateJson } from "~/json-response.server";

export const actionMethods = ["POST"];

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST.");
  const user = await requireApiPermission(request, "batch-jobs:create");
  const type = requireJobType(params.type);
  const execution = await runByHand(db, type, user.id);
  return privateJson({ message: JOB_TEXTS.started(JOB_DEFINITIONS[type].title), ...execution }, { status: 201 });
}
