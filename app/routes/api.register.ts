// POST /api/register with JSON: firstName, lastName, email and a password of at least 6 characters are required;
// contact details, timezone and the civic-profile answers are optional.
import type { ActionFunctionArgs } from "@remix-run/node";
import { RegisterSchema } from "~/auth/account-schemas";
import { readJson } from "~/json-body.server";
import { registerAccount } from "~/models/account-emails.server";
import { jsonError } from "~/json-response.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST.");
  const input = await readJson(request, RegisterSchema);
  const user = await registerAccount(input, context.ipAddress);
  return Response.json(
    { message: "Please check your email to confirm your account and complete the setup.", id: user.id },
    { status: 201 },
  );
}
