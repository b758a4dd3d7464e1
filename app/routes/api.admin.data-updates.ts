// GET /api/admin/data-updates: the review page's counts, a page of pending updates (50,
// newest first; `previous` and `next` name the neighbouring pages as ?after= / ?before=) and the
// recent ones. Staff only.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { privateJson } from "~/json-response.server";
import { pageAt } from "~/lib/keyset";
import { dataUpdatesOverview } from "~/models/data-updates.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "data-updates:view");
  return privateJson(await dataUpdatesOverview(db, { at: pageAt(new URL(request.url).searchParams) }));
}
