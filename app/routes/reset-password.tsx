// /reset-password?token=: choose a new password from the emailed link (single use; one hour for a
// reset, 7 days for the set-password link of an account staff created).
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ResetPasswordSchema } from "~/auth/account-schemas";
import { FormAlert, TextField, errorsNotShown, useIsPending } from "~/components/forms";
import { db } from "~/db.server";
import { resetPassword } from "~/models/users.server";
import { isVerificationUsable } from "~/models/verifications.server";
import { redirectWithToast } from "~/toast.server";
import { readFormData } from "~/form-data.server";
import { refusedReply } from "~/lib/refused-submission";
import { linkClass, primaryButton } from "~/components/button";

export const meta: MetaFunction = () => [
  { title: "Choose a new password · Civic Atlas" },
  { name: "description", content: "Choose a new password for your Civic Atlas account." },
];
const INVALID =
  "This link is invalid, was already used, or has expired. Reset links are valid for one hour; links to set the password of a new account, 7 days. To get a new one, use Forgot password? on the sign-in page.";

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const usable = token ? await isVerificationUsable(db, "reset-password", token) : false;
  return data({ token, usable }, { status: usable ? 200 : 400 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  // The token is kept; the passwords never come back to the page.
  if (context.refused) return data(refusedReply(formData, context.refused), { status: context.refused.status });
  const submission = parseWithZod(formData, { schema: ResetPasswordSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password", "confirmPassword"] }), { status: 400 });
  const done = await resetPassword(db, submission.value.token, submission.value.password, context.ipAddress);
  if (!done) return data(submission.reply({ formErrors: [INVALID], hideFields: ["password", "confirmPassword"] }), { status: 400 });
  return redirectWithToast("/sign-in", { title: "Password updated", description: "Please sign in with your new password." });
}

export default function ResetPassword() {
  const { token, usable } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { token },
    constraint: getZodConstraint(ResetPasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordSchema }),
  });
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-3xl font-bold">Choose a new password</h1>
      {usable ? (
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-2">
          {/* The token is a hidden field: its error shows here. */}
          <FormAlert id={form.errorId} title="Error" message={errorsNotShown(form, ["password", "confirmPassword"])[0]} />
          <input {...getInputProps(fields.token, { type: "hidden" })} />
          <TextField field={fields.password} label="New password" type="password" required autoComplete="new-password" />
          <TextField field={fields.confirmPassword} label="New password again" type="password" required autoComplete="new-password" />
          <button type="submit" className={primaryButton} disabled={pending}>
            {pending ? "Saving..." : "Save new password"}
          </button>
        </Form>
      ) : (
        <>
          <p className="mt-4">{INVALID}</p>
          <a href="/forgot-password" className={`mt-6 inline-block font-medium ${linkClass}`}>
            Ask for a new link
          </a>
        </>
      )}
    </div>
  );
}
