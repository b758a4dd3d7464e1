// GET /api/states: every state, DC and territory, by name.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { jsonWithEtag } from "~/json-response.server";
import { listStates } from "~/models/states.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return jsonWithEtag(request, await listStates(db));
}
