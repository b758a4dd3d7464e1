// GET /api/admin/crawler-history: the contact crawl's last 10 runs. Admins.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { privateJson } from "~/json-response.server";
import { crawlerHistory } from "~/models/jobs.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "crawler-jobs:view");
  return privateJson(await crawlerHistory(db));
}
