// POST /api/contact with {name, email, subject, category, message}.
import type { ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { readJson } from "~/json-body.server";
import { jsonError } from "~/json-response.server";
import { CONTACT_TOASTS } from "~/lib/contact";
import { ContactSchema } from "~/lib/contact-schema.server";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { submitContactMessage } from "~/models/contact-messages.server";
import { z } from "~/lib/zod";

const Body = ContactSchema.extend({ [HONEYPOT_FIELD]: z.string().optional() });

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST.");
  const { [HONEYPOT_FIELD]: honeypot, ...input } = await readJson(request, Body);
  const answer = { message: `${CONTACT_TOASTS.sent.title}. ${CONTACT_TOASTS.sent.description}` };
  if (honeypot?.trim()) return Response.json(answer, { status: 201 });
  await submitContactMessage(db, input, context.ipAddress);
  return Response.json(answer, { status: 201 });
}
