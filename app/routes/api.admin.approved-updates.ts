// GET /api/admin/approved-updates (spec 3 §7): approved and rejected field updates grouped by
// decision day, submitter and record (the Pending Updates tab's history). Admin only.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { privateJson } from "~/json-response.server";
import { decidedUpdates } from "~/models/data-updates.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "data-updates:approve");
  return privateJson(await decidedUpdates(db));
}
