// GET /api/admin/batch-history: the congress import's last 10 runs. Admins.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { privateJson } from "~/json-response.server";
import { batchHistory } from "~/models/jobs.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "batch-jobs:view");
  return privateJson(await batchHistory(db));
}
