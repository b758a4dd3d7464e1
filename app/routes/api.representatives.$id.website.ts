// GET /api/representatives/{id}/website: the official's website.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { jsonError, jsonWithEtag } from "~/json-response.server";
import { IdParam } from "~/lib/route-params";
import { findOfficial } from "~/models/officials.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = IdParam.safeParse(params.id);
  const official = id.success ? await findOfficial(db, id.data) : null;
  if (!official) return jsonError(404, `No elected official has the id ${params.id}.`);
  return jsonWithEtag(request, { website: official.website });
}
