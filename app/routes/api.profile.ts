// GET and PATCH /api/profile: the signed-in user's own profile as JSON.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ProfileSchema } from "~/auth/account-schemas";
import { getUser } from "~/auth/session.server";
import { db } from "~/db.server";
import { readJson } from "~/json-body.server";
import { getProfile, updateProfile } from "~/models/users.server";
import { jsonError } from "~/json-response.server";

/** The methods the action takes (server.ts answers others with 405). */
export const actionMethods = ["PATCH"];

const unauthorized = () => jsonError(401, "Unauthorized: please sign in.");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (!user) return unauthorized();
  return Response.json(await getProfile(db, user.id), { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return jsonError(405, "Use PATCH.");
  const user = await getUser(request);
  if (!user) return unauthorized();
  const changes = await readJson(request, ProfileSchema.partial().strict());
  return Response.json(await updateProfile(db, user.id, changes, context.ipAddress));
}
