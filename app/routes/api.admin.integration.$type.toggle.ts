// POST /api/admin/integration/{type}/toggle {enabled}: the owner turns a job's
// schedule on or off. A disabled job can still be run by hand.
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "~/lib/zod";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { requireJobType } from "~/jobs/control.server";
import { readJson } from "~/json-body.server";
import { jsonError, privateJson } from "~/json-response.server";
import { setJobEnabled } from "~/models/jobs.server";

export const actionMethods = ["POST"];

const ToggleSchema = z.object({ enabled: z.boolean("enabled must be true or false.") });

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST.");
  await requireApiPermission(request, "integrations:toggle");
  const type = requireJobType(params.type);
  const { enabled } = await readJson(request, ToggleSchema);
  await setJobEnabled(db, type, enabled);
  return privateJson({ message: enabled ? "Job Enabled" : "Job Disabled", jobType: type, enabled });
}
