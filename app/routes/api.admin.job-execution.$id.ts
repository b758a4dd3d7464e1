// GET /api/admin/job-execution/{id}: one execution with its log, for the dashboard's
// execution details. Admins.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { JOB_TEXTS } from "~/jobs/definitions";
import { jsonError, privateJson } from "~/json-response.server";
import { IdParam } from "~/lib/route-params";
import { findExecution } from "~/models/jobs.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "scheduled-jobs:view");
  const id = IdParam.safeParse(params.id);
  const execution = id.success ? await findExecution(db, id.data) : null;
  if (!execution) return jsonError(404, JOB_TEXTS.executionNotFound);
  return privateJson(execution);
}
