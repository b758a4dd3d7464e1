// GET /api/admin/submitted-updates: a page of the signed-in staff member's own
// submissions, pending by day (?after= / ?before=) and the decided history (?history_after= /
// ?history_before=), 50 each, with the cursors of the pages either side. Moderators and above.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { privateJson } from "~/json-response.server";
import { pageAt } from "~/lib/keyset";
import { submittedUpdates } from "~/models/data-updates.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiPermission(request, "data-updates:create");
  const search = new URL(request.url).searchParams;
  return privateJson(await submittedUpdates(db, user.id, { at: pageAt(search), historyAt: pageAt(search, "history_") }));
}
