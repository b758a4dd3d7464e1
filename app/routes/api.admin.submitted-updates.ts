// GET /api/admin/submitted-updates (spec 3 §7): the signed-in staff member's own submissions,
// pending by day and the decided history. Moderators and above.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { privateJson } from "~/json-response.server";
import { submittedUpdates } from "~/models/data-updates.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiPermission(request, "data-updates:create");
  return privateJson(await submittedUpdates(db, user.id));
}
