// POST /api/leads: the mailing-list sign-up as JSON. Only the email is needed when
// skipping the details; with any detail field, first and last name are required. The answer is
// the same whether the email is new, already on the list, or unsubscribed (decision 0005).
// GET /api/leads?search=&status=&source=: the lead list for lead management, admins
// only, newest first, 50 at a time: a Link header (rel="next") gives the next page's address.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "~/lib/zod";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { jsonError, privateJson } from "~/json-response.server";
import { readJson } from "~/json-body.server";
import { isBot, HONEYPOT_FIELD } from "~/lib/honeypot";
import { WELCOME_TEXTS } from "~/lib/leads";
import { LeadSearchSchema, LeadSignUpSchema, joinMailingList, listLeads } from "~/models/leads.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "leads:manage");
  const filters = LeadSearchSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!filters.success) return jsonError(400, filters.error.issues[0].message);
  const { leads, next } = await listLeads(db, filters.data);
  const response = privateJson(leads);
  if (next?.after) {
    const url = new URL(request.url);
    url.searchParams.delete("before");
    url.searchParams.set("after", next.after);
    response.headers.set("Link", `<${url.pathname}${url.search}>; rel="next"`);
  }
  return response;
}

const Body = z.intersection(LeadSignUpSchema, z.object({ [HONEYPOT_FIELD]: z.string().optional() }));
const SIGNED_UP = { message: `${WELCOME_TEXTS.successToast.title} ${WELCOME_TEXTS.successToast.description}` };

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST.");
  const { [HONEYPOT_FIELD]: trap, ...signUp } = await readJson(request, Body);
  // A filled honeypot gets the same answer and stores nothing.
  if (!isBot({ [HONEYPOT_FIELD]: trap })) await joinMailingList(db, signUp);
  return Response.json(SIGNED_UP, { status: 201 });
}
