// POST /api/leads (spec 1 §7): the mailing-list sign-up as JSON. Only the email is needed when
// skipping the details; with details, first and last name are required.
// GET /api/leads?search=&status=&source= (spec 3 §7): the lead list for lead management, admins only.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { jsonError, privateJson } from "~/json-response.server";
import { LeadSearchSchema } from "~/lib/lead-admin";
import { readJson } from "~/json-body.server";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { LeadDetailsSchema, LeadEmailSchema } from "~/lib/leads.server";
import { joinMailingList } from "~/models/leads.server";
import { listLeads } from "~/models/leads-admin.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "leads:manage");
  const filters = LeadSearchSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!filters.success) return jsonError(400, filters.error.issues[0].message);
  return privateJson(await listLeads(db, filters.data));
}

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
