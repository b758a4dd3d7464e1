// GET /api/roll-calls/{chamber}-{congress}-{session}-{number}: one stored roll call, its bill and
// subjects when stored, and each member's position, with the sources and when they were fetched.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { jsonError, jsonWithEtag } from "~/json-response.server";
import { ROLL_CALL_KEY_MESSAGE, parseRollCallKey } from "~/lib/issue-votes";
import { findRollCall } from "~/models/issue-votes.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  if (!parseRollCallKey(id)) return jsonError(400, ROLL_CALL_KEY_MESSAGE);
  const rollCall = await findRollCall(db, id);
  if (!rollCall) return jsonError(404, `No roll call ${id} is stored.`);
  const { key, ...rest } = rollCall;
  return jsonWithEtag(request, { id: key, ...rest });
}
