// GET /api/lookup?zip=: the ZIP lookup as JSON. 400 for a malformed ZIP, 404 for one with no area on
// file. A state-crossing ZIP (crossState) has no trustworthy answer from the ZIP alone: its districts
// are the table's, to be checked with a street address.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { jsonError, jsonWithEtag } from "~/json-response.server";
import { parseZip } from "~/lib/zip";
import { lookupZip, officialsForDistricts } from "~/models/zip-codes.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const zip = parseZip(new URL(request.url).searchParams.get("zip"));
  if (!zip.ok) return jsonError(400, zip.message);
  const lookup = await lookupZip(db, zip.zip);
  const officials = lookup && (await officialsForDistricts(db, lookup.state, lookup.districts));
  if (!lookup || !officials) return jsonError(404, `No area is on file for ZIP ${zip.zip}.`);
  return jsonWithEtag(request, {
    zip: lookup.zip,
    state: lookup.state,
    split: lookup.split,
    crossState: lookup.crossState,
    districts: officials.house.map(({ district, member }) => ({ district, memberId: member?.id ?? null })),
    senatorIds: officials.senators.map((s) => s.id),
    governorId: officials.governor?.id ?? null,
  });
}
