// The dashboard's stat cards, counted from the database.
import type { Db } from "~/db.server";

/**
 * adminUsers counts the admin flag (owner or admin); moderatorUsers counts the
 * moderator role alone, so no account is counted twice. pendingDataUpdates counts the field
 * updates waiting for review (the pending tab the card links to); activeCrawlerJobs the contact
 * crawls pending or running; totalRepresentatives the officials in office.
 */
export async function getAdminStats(db: Db) {
  const [totalUsers, adminUsers, moderatorUsers, pendingDataUpdates, activeCrawlerJobs, totalRepresentatives] = await Promise.all([
    db.user.count(),
    db.user.count({ where: { role: { in: ["owner", "admin"] } } }),
    db.user.count({ where: { role: "moderator" } }),
    db.fieldUpdate.count({ where: { status: "pending" } }),
    db.jobExecution.count({ where: { jobType: "contact_crawl", status: { in: ["pending", "running"] } } }),
    db.official.count({ where: { isActive: true } }),
  ]);
  return { totalUsers, adminUsers, moderatorUsers, pendingDataUpdates, activeCrawlerJobs, totalRepresentatives };
}
