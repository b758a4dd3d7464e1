// POST /api/admin/crawl-contacts: queues a contact crawl by hand. Admins. No body is
// read. 409 while one is pending or running; 503 while the crawler has not been built.
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { runByHand } from "~/jobs/control.server";
import { CRAWLER_JOB } from "~/jobs/definitions";
import { jsonError, privateJson } from "~/json-response.server";

export const actionMethods = ["POST"];

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST.");
  const user = await requireApiPermission(request, "crawler-jobs:create");
  const execution = await runByHand(db, CRAWLER_JOB, user.id);
  return privateJson({ message: "Contact crawler has been triggered.", execution }, { status: 201 });
}
