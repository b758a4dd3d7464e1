// /forgot-password: asks for the email and sends a reset link. The answer never tells whether
// the address has an account.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ForgotPasswordSchema } from "~/auth/account-schemas";
import { FormAlert, TextField, errorsNotShown, useIsPending } from "~/components/forms";
import { requestPasswordReset } from "~/models/account-emails.server";
import { readFormData } from "~/form-data.server";
import { refusedReply } from "~/lib/refused-submission";
import { linkClass, primaryButton } from "~/components/button";

export const meta: MetaFunction = () => [
  { title: "Forgot password · Civic Atlas" },
  { name: "description", content: "Get a link to choose a new password for your Civic Atlas account." },
];
export const RESET_SENT =
  "If an account exists for that email, we have sent it a link to reset the password. The link is valid for one hour.";

export function loader({ request }: LoaderFunctionArgs) {
  return { sent: new URL(request.url).searchParams.get("sent") === "1" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  if (context.refused) return data(refusedReply(formData, context.refused), { status: context.refused.status });
  const submission = parseWithZod(formData, { schema: ForgotPasswordSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await requestPasswordReset(submission.value.email);
  return redirect("/forgot-password?sent=1");
}

export default function ForgotPassword() {
  const { sent } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(ForgotPasswordSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ForgotPasswordSchema }),
  });
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-3xl font-bold">Forgot your password?</h1>
      {sent ? (
        <p
          role="status"
          className="mt-4 rounded-md border border-green-700 bg-green-50 p-3 text-sm text-green-900 dark:bg-green-950 dark:text-green-100"
        >
          {RESET_SENT}
        </p>
      ) : (
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          Enter the email of your account and we will send you a link to choose a new password.
        </p>
      )}
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-2">
        <FormAlert id={form.errorId} title="Error" message={errorsNotShown(form, ["email"])[0]} />
        <TextField field={fields.email} label="Email" type="email" required autoComplete="email" />
        <button type="submit" className={primaryButton} disabled={pending}>
          {pending ? "Sending..." : "Send reset link"}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <a href="/sign-in" className={`font-medium ${linkClass}`}>
          Back to sign in
        </a>
      </p>
    </div>
  );
}
