// POST /api/auth/sign-in with JSON {email, password}. Errors carry a message.
import type { ActionFunctionArgs } from "@remix-run/node";
import { SignInSchema } from "~/auth/account-schemas";
import { retryAfterHeaders, signInWithPassword } from "~/auth/sign-in.server";
import { db } from "~/db.server";
import { readJson } from "~/json-body.server";
import { verifyLogin } from "~/models/users.server";
import { jsonError } from "~/json-response.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST.");
  const { email, password } = await readJson(request, SignInSchema);
  const outcome = await signInWithPassword(email, () => verifyLogin(db, email, password), {
    ipAddress: context.ipAddress,
    userAgent: request.headers.get("user-agent"),
  });
  if (!outcome.ok) return Response.json({ message: outcome.message }, { status: outcome.status, headers: retryAfterHeaders(outcome) });
  return Response.json({ message: "Signed in." }, { headers: { "Set-Cookie": outcome.cookie } });
}
