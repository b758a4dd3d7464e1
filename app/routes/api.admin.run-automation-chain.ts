// POST /api/admin/run-automation-chain: Run Full Chain. Admins. No body is read.
// Refused (409) while any job is pending or running; otherwise every job is queued in the chain's
// order (201 with the executions).
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { runChain } from "~/jobs/control.server";
import { JOB_TEXTS } from "~/jobs/definitions";
import { jsonError, privateJson } from "~/json-response.server";

export const actionMethods = ["POST"];

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST.");
  const user = await requireApiPermission(request, "batch-jobs:create");
  const executions = await runChain(db, user.id);
  return privateJson(
    { message: JOB_TEXTS.chainStarted.title, description: JOB_TEXTS.chainStarted.description, executions },
    { status: 201 },
  );
}
