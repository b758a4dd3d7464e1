// /welcome: the welcome flow as a page (reachable from the footer and /join), and the action the
// welcome dialog posts to. Each step is a POST; the page works without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { z } from "~/lib/zod";
import { useIsPending } from "~/components/forms";
import { WelcomeFlow, useAnswerKey, type WelcomeState } from "~/components/welcome-flow";
import { db } from "~/db.server";
import { isBot } from "~/lib/honeypot";
import { typedValues } from "~/lib/refused-submission";
import { WELCOME_TEXTS } from "~/lib/leads";
import { LeadEmailSchema, LeadSignUpSchema, hasAccount, joinMailingList } from "~/models/leads.server";
import { redirectWithToast } from "~/toast.server";
import { readFormData } from "~/form-data.server";

export const meta: MetaFunction = () => [
  { title: "Join our mailing list · Civic Atlas" },
  { name: "description", content: "Join the Civic Atlas mailing list for updates about your elected officials." },
];

export function loader({ request }: LoaderFunctionArgs) {
  return { complete: new URL(request.url).searchParams.get("step") === "complete" };
}

type Answer = WelcomeState & { toast?: { title: string; description: string; variant: "default" | "destructive" } };
const fieldErrors = (error: z.ZodError) => z.flattenError(error).fieldErrors as Record<string, string[]>;

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const dialog = form.get("mode") === "dialog";
  const values = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const intent = form.get("intent");
  if (context.refused) {
    const typed = typedValues(form);
    const step = intent === "email" ? "email" : "details";
    return data<Answer>({ step, email: typed.email, values: typed, refusal: context.refused.message }, { status: context.refused.status });
  }

  if (intent === "email") {
    const parsed = LeadEmailSchema.safeParse(values);
    if (!parsed.success) return data<Answer>({ step: "email", errors: fieldErrors(parsed.error), values }, { status: 400 });
    if (!isBot(form) && (await hasAccount(db, parsed.data.email)))
      return data<Answer>({ step: "email", email: parsed.data.email, existingAccount: true });
    return data<Answer>({ step: "details", email: parsed.data.email, values: {} });
  }

  // Skip for Now submits only the email; Save submits the details form.
  const parsed = LeadSignUpSchema.safeParse(intent === "skip" ? { email: values.email } : values);
  if (!parsed.success)
    return data<Answer>({ step: "details", email: values.email, errors: fieldErrors(parsed.error), values }, { status: 400 });
  if (!isBot(form)) {
    try {
      await joinMailingList(db, parsed.data);
    } catch (error) {
      console.error("Mailing-list sign-up failed", error);
      return data<Answer>(
        { step: "details", email: values.email, values, toast: { ...WELCOME_TEXTS.errorToast, variant: "destructive" } },
        { status: 500 },
      );
    }
  }
  if (dialog) return data<Answer>({ step: "complete", toast: { ...WELCOME_TEXTS.successToast, variant: "default" } });
  return redirectWithToast("/welcome?step=complete", WELCOME_TEXTS.successToast);
}

export default function WelcomePage() {
  const { complete } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const pending = useIsPending();
  const state: WelcomeState = complete ? { step: "complete" } : (answer ?? { step: "email" });
  const answerKey = useAnswerKey(answer);
  const signedIn = Boolean(useRouteLoaderData<{ user: unknown }>("root")?.user);
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      {answer?.toast && (
        <p
          role="alert"
          className="mb-4 rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100"
        >
          <strong>{answer.toast.title}:</strong> {answer.toast.description}
        </p>
      )}
      <WelcomeFlow key={`${state.step}-${answerKey}`} state={state} Form={Form} mode="page" pending={pending} signedIn={signedIn} />
    </div>
  );
}
