// The server half of /contact (app/routes/contact.tsx): the support address and the form's
// constraints, and the action that checks, stores and sends a message. One .server module per page
// keeps its browser bundle free of server stubs (decision 0027).
import type { ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { db } from "~/db.server";
import { env } from "~/env.server";
import { readFormData } from "~/form-data.server";
import { CONTACT_TOASTS } from "~/lib/contact";
import { CONTACT_CONSTRAINT, parseContactForm } from "~/lib/contact-schema.server";
import { isBot } from "~/lib/honeypot";
import { refusedReply } from "~/lib/refused-submission";
import { Refusal } from "~/lib/refusal";
import { submitContactMessage } from "~/models/contact-messages.server";
import { redirectWithToast } from "~/toast.server";

export function loader() {
  return { supportEmail: env().SUPPORT_EMAIL, constraint: CONTACT_CONSTRAINT };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  if (context.refused) {
    const toast = { title: CONTACT_TOASTS.failed.title, description: context.refused.message, variant: "destructive" as const };
    return data({ result: refusedReply(formData, context.refused), toast }, { status: context.refused.status });
  }
  // A filled honeypot is answered exactly like a success, and nothing is stored or sent.
  if (isBot(formData)) return redirectWithToast("/contact", CONTACT_TOASTS.sent);
  const submission = parseContactForm(formData);
  if (submission.status !== "success") {
    const missing = ["name", "email", "subject", "message"].some((f) => !String(formData.get(f) ?? "").trim());
    return data(
      {
        result: submission.reply(),
        toast: {
          ...(missing ? CONTACT_TOASTS.missing : { title: "Please check the form", description: "Some fields need a correction." }),
          variant: "destructive" as const,
        },
      },
      { status: 400 },
    );
  }
  try {
    await submitContactMessage(db, submission.value, context.ipAddress);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return data(
      {
        result: submission.reply(),
        toast: { title: CONTACT_TOASTS.failed.title, description: error.message, variant: "destructive" as const },
      },
      { status: 503 },
    );
  }
  return redirectWithToast("/contact", CONTACT_TOASTS.sent);
}
