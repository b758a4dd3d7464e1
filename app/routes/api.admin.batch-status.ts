// GET /api/admin/batch-status: the batch page's status, polled every 5 s. Admins.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { jobClock } from "~/jobs/control.server";
import { privateJson } from "~/json-response.server";
import { batchStatus } from "~/models/jobs.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "batch-jobs:view");
  return privateJson(await batchStatus(db, jobClock()));
}
