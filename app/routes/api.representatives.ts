// GET /api/representatives: every active official (governors, senators, House members).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { jsonWithEtag } from "~/json-response.server";
import { listOfficials } from "~/models/officials.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return jsonWithEtag(request, await listOfficials(db));
}
