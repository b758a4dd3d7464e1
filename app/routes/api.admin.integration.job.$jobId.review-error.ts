// POST /api/admin/integration/job/{jobId}/review-error {viewed}: {viewed: true}
// when the Error Details dialog opens, {viewed: false} from its Reviewed button (decision 0010). Admins.
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "~/lib/zod";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { JOB_TEXTS } from "~/jobs/definitions";
import { readJson } from "~/json-body.server";
import { jsonError, privateJson } from "~/json-response.server";
import { IdParam } from "~/lib/route-params";
import { reviewError } from "~/models/jobs.server";

export const actionMethods = ["POST"];

const ReviewSchema = z.object({ viewed: z.boolean("viewed must be true or false.") });

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST.");
  await requireApiPermission(request, "scheduled-jobs:view");
  const id = IdParam.safeParse(params.jobId);
  if (!id.success) return jsonError(404, JOB_TEXTS.executionNotFound);
  const { viewed } = await readJson(request, ReviewSchema);
  const execution = await reviewError(db, id.data, viewed);
  return privateJson({ message: viewed ? "Error Viewed" : "Error Reviewed", execution });
}
