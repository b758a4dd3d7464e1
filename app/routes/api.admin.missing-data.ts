// GET /api/admin/missing-data?search=: officials needing critical data, highest priority first. Moderators and above.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { privateJson } from "~/json-response.server";
import { missingData } from "~/models/data-updates.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "missing-data:view");
  const search = (new URL(request.url).searchParams.get("search") ?? "").slice(0, 100);
  return privateJson(await missingData(db, { search }));
}
