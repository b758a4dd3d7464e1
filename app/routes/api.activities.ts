// GET /api/activities: the most recent public changes to officials' data, newest first.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { jsonWithEtag } from "~/json-response.server";
import { recentActivities } from "~/models/officials.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const activities = await recentActivities(db);
  return jsonWithEtag(
    request,
    activities.map((a) => ({
      officialId: a.entityId,
      field: a.fieldName,
      source: a.sourceName,
      method: a.method,
      verifiedAt: a.verifiedAt,
    })),
  );
}
