// GET /api/admin/pending-updates-grouped (spec 3 §7): pending field updates by submitter and day. Admin only.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { privateJson } from "~/json-response.server";
import { pendingUpdatesGrouped } from "~/models/data-updates.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "data-updates:approve");
  return privateJson(await pendingUpdatesGrouped(db));
}
