// GET /api/auth/user: the signed-in user; 401 with a message when signed out.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getUser } from "~/auth/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (!user) return Response.json({ message: "Unauthorized: you are not signed in." }, { status: 401 });
  return Response.json(user, { headers: { "Cache-Control": "private, no-store" } });
}
