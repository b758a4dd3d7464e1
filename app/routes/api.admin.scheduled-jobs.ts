// GET /api/admin/scheduled-jobs: every job for the dashboard's overview, in the
// chain's order, with its recent history and errors to review. Admins.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { jobClock } from "~/jobs/control.server";
import { privateJson } from "~/json-response.server";
import { jobStatuses } from "~/models/jobs.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "scheduled-jobs:view");
  const jobs = await jobStatuses(db, jobClock());
  return privateJson(jobs);
}
