// GET /api/admin/integration/{type}/status: currentStatus, enabled and nextRun,
// with what the integration page shows about the job (title, texts, schedule). Admins.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { jobClock, requireJobType } from "~/jobs/control.server";
import { JOB_DEFINITIONS } from "~/jobs/definitions";
import { privateJson } from "~/json-response.server";
import { jobStatus } from "~/models/jobs.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "scheduled-jobs:view");
  const type = requireJobType(params.type);
  const { recentHistory: _history, ...status } = await jobStatus(db, type, jobClock());
  return privateJson({
    ...JOB_DEFINITIONS[type],
    ...status,
  });
}
