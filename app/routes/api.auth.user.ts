// GET /api/auth/user: the signed-in user; 401 with a message when signed out.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getUser } from "~/auth/session.server";
import { jsonError } from "~/json-response.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (!user) return jsonError(401, "Unauthorized: you are not signed in.");
  return Response.json(user, { headers: { "Cache-Control": "private, no-store" } });
}
