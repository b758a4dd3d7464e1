// GET /api/admin/integration/{type}/current: the job's pending or running execution
// with its progress, or null. Admins.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { requireJobType } from "~/jobs/control.server";
import { privateJson } from "~/json-response.server";
import { currentExecution } from "~/models/jobs.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "scheduled-jobs:view");
  const type = requireJobType(params.type);
  return privateJson({ execution: await currentExecution(db, type) });
}
