// GET /api/check-email?email=: whether an address belongs to an account, for the
// welcome dialog's existing-account message. It never tells whether the address is on the
// mailing list (decision 0005). It still tells who has an account, so it is rate limited per IP
// in server.ts.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { LeadEmailSchema, hasAccount } from "~/models/leads.server";
import { jsonError } from "~/json-response.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const parsed = LeadEmailSchema.safeParse({ email: new URL(request.url).searchParams.get("email") ?? "" });
  if (!parsed.success) return jsonError(400, parsed.error.issues[0].message);
  return Response.json({ existsAsUser: await hasAccount(db, parsed.data.email) }, { headers: { "Cache-Control": "no-store" } });
}
