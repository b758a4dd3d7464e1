// GET /api/admin/integration/{type}/history: the job's last 10 runs as executions[]. Admins.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { requireJobType } from "~/jobs/control.server";
import { privateJson } from "~/json-response.server";
import { jobHistory } from "~/models/jobs.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "scheduled-jobs:view");
  const type = requireJobType(params.type);
  return privateJson({ executions: await jobHistory(db, type) });
}
