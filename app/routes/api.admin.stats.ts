// GET /api/admin/stats: the dashboard's counts. Admin data (docs/decisions/0002).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { getAdminStats } from "~/models/admin-stats.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "system-stats:view");
  return Response.json(await getAdminStats(db), { headers: { "Cache-Control": "private, no-store" } });
}
