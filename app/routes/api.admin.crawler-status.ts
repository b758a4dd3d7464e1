// GET /api/admin/crawler-status: the crawler page's status, polled every 5 s. Admins.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { jobClock } from "~/jobs/control.server";
import { privateJson } from "~/json-response.server";
import { crawlerStatus } from "~/models/jobs.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "crawler-jobs:view");
  const { isRunning, currentRepresentative, lastRunAt, nextRunAt, progress, lastCrawl, successRate } = await crawlerStatus(db, jobClock());
  // The API's fields: the running crawl's progress, or the last crawl's where it stopped.
  const latest = progress ?? lastCrawl;
  return privateJson({
    isRunning,
    currentRepresentative,
    lastRunAt,
    nextRunAt,
    completedJobs: latest?.completed ?? 0,
    totalCrawlerJobs: latest?.total ?? 0,
    successRate,
  });
}
