// POST /api/leads (spec 1 §7): the mailing-list sign-up as JSON. Only the email is needed when
// skipping the details; with details, first and last name are required.
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { readJson } from "~/json-body.server";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { LeadDetailsSchema, LeadEmailSchema } from "~/lib/leads.server";
import { joinMailingList } from "~/models/leads.server";

const honeypot = { [HONEYPOT_FIELD]: z.string().optional() };
const EmailOnly = LeadEmailSchema.extend(honeypot);
const WithDetails = LeadDetailsSchema.extend(honeypot);

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ message: "Use POST." }, { status: 405 });
  const raw = (await request
    .clone()
    .json()
    .catch(() => null)) as Record<string, unknown> | null;
  const hasDetails = Boolean(raw && Object.keys(raw).some((k) => k !== "email" && k !== HONEYPOT_FIELD));
  const { [HONEYPOT_FIELD]: trap, ...lead } = await readJson(request, hasDetails ? WithDetails : EmailOnly);
  // A filled honeypot is answered like a success and stores nothing.
  if (typeof trap === "string" && trap.trim()) return Response.json({ email: lead.email, status: "active" }, { status: 201 });
  return Response.json(await joinMailingList(lead), { status: 201 });
}
