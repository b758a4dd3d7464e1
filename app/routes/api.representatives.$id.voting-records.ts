// GET /api/representatives/{id}/voting-records: the official's recent votes, newest first, each with
// its roll call's question and result, the bill it was on (congress.gov link, Library of Congress
// policy area and subjects, where and when those were fetched) and the issues the bill belongs to.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { jsonError, jsonWithEtag } from "~/json-response.server";
import { IdParam } from "~/lib/route-params";
import { findOfficial } from "~/models/officials.server";
import { recentVotesOf } from "~/models/official-votes.server";

/** How many votes the call answers with. */
const VOTES = 20;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = IdParam.safeParse(params.id);
  const official = id.success ? await findOfficial(db, id.data) : null;
  if (!official) return jsonError(404, `No elected official has the id ${params.id}.`);
  return jsonWithEtag(request, await recentVotesOf(db, official.id, VOTES));
}
