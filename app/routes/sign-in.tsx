// /sign-in: email and password, the three SSO buttons, the confirmation banner.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ForgotPasswordSchema, SignInSchema } from "~/auth/account-schemas";
import { authenticator } from "~/auth/authenticator.server";
import { getUser } from "~/auth/session.server";
import { configuredSsoProviders } from "~/auth/sso.server";
import { retryAfterHeaders, signInWithPassword } from "~/auth/sign-in.server";
import { FormAlert, TextField, errorsNotShown, useIsPending } from "~/components/forms";
import { env } from "~/env.server";
import { readFormData } from "~/form-data.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { SIGN_IN_SERVER_MESSAGES, signInErrorText } from "~/lib/sign-in-errors";
import { requestConfirmationResend } from "~/models/account-emails.server";
import { refusedReply } from "~/lib/refused-submission";
import { linkClass, primaryButton } from "~/components/button";

export const meta: MetaFunction = () => [
  { title: "Sign in · Civic Atlas" },
  { name: "description", content: "Sign in to your Civic Atlas account with your email and password or a single sign-on provider." },
];
export const CONFIRMATION_RESENT =
  "If an account with that email is waiting for confirmation, we have sent it a new confirmation link. The link is valid for 24 hours.";
const RESEND_INTENT = "resend-confirmation";

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getUser(request)) throw redirect("/");
  const query = new URL(request.url).searchParams;
  return {
    confirmed: query.get("confirmed") === "true",
    resent: query.get("resent") === "1",
    // Only providers this site is set up for: a button that leads nowhere is a dead end.
    ssoProviders: configuredSsoProviders(),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  // A clone: the authenticator reads the form again.
  const formData = await readFormData(request.clone());
  if (context.refused) return data(refusedReply(formData, context.refused), { status: context.refused.status });
  // "Send the link again": the same answer whether or not the address has an account waiting.
  if (formData.get("intent") === RESEND_INTENT) {
    const resend = parseWithZod(formData, { schema: ForgotPasswordSchema });
    if (resend.status !== "success") return data(resend.reply(), { status: 400 });
    await requestConfirmationResend(resend.value.email);
    return redirect("/sign-in?resent=1");
  }
  const submission = parseWithZod(formData, { schema: SignInSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const { email } = submission.value;
  // Decided before the session exists; the first value wins when the field is repeated.
  const redirectTo = safeRedirect(formData.get("redirectTo"), env().APP_URL);

  const outcome = await signInWithPassword(email, () => authenticator.authenticate("password", request), {
    ipAddress: context.ipAddress,
    userAgent: request.headers.get("user-agent"),
  });
  if (!outcome.ok) {
    return data(submission.reply({ formErrors: [outcome.message], hideFields: ["password"] }), {
      status: outcome.status,
      headers: retryAfterHeaders(outcome),
    });
  }
  return redirect(redirectTo, { headers: { "Set-Cookie": outcome.cookie } });
}

/** The email of the attempt the server answered (as the person typed it). */
const sentEmail = (result: { initialValue?: Record<string, unknown> | null } | undefined) =>
  typeof result?.initialValue?.email === "string" ? result.initialValue.email : undefined;

export default function SignIn() {
  const { confirmed, resent, ssoProviders } = useLoaderData<typeof loader>();
  // Held in state: removing ?confirmed=true below reloads the data without it.
  const [showBanner] = useState(confirmed);
  const lastResult = useActionData<typeof action>();
  const [searchParams, setSearchParams] = useSearchParams();
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(SignInSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignInSchema }),
  });
  // The banner shows once; the query string is then removed.
  useEffect(() => {
    if (searchParams.get("confirmed") === "true") {
      const next = new URLSearchParams(searchParams);
      next.delete("confirmed");
      setSearchParams(next, { replace: true, preventScrollReset: true });
    }
  }, [searchParams, setSearchParams]);
  const pending = useIsPending();
  const failed = errorsNotShown(form, ["email", "password"]);
  // An account waiting for confirmation (its password was right) can ask for a new link.
  const unconfirmedEmail = failed[0] === SIGN_IN_SERVER_MESSAGES.unconfirmed ? sentEmail(lastResult) : undefined;
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-3xl font-bold">Sign in</h1>
      {/* Never above an error: a failed attempt shows only what went wrong. */}
      {showBanner && !lastResult && (
        <p
          role="status"
          className="mt-4 rounded-md border border-green-700 bg-green-50 p-3 text-sm text-green-900 dark:bg-green-950 dark:text-green-100"
        >
          Thank you for confirming your email! Please sign in below to access your account.
        </p>
      )}
      {resent && !lastResult && (
        <p
          role="status"
          className="mt-4 rounded-md border border-green-700 bg-green-50 p-3 text-sm text-green-900 dark:bg-green-950 dark:text-green-100"
        >
          {CONFIRMATION_RESENT}
        </p>
      )}
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-2">
        <FormAlert id={form.errorId} title="Sign In Failed" message={failed.length ? signInErrorText(failed[0]) : null} />
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <TextField field={fields.email} label="Email" type="email" required autoComplete="email" />
        <TextField field={fields.password} label="Password" type="password" required autoComplete="current-password" />
        <p className="-mt-1 text-right text-sm">
          <a href="/forgot-password" className={linkClass}>
            Forgot password?
          </a>
        </p>
        <button type="submit" className={primaryButton} disabled={pending}>
          {pending ? "Signing In..." : "Sign In"}
        </button>
      </Form>
      {unconfirmedEmail && (
        <Form method="post" className="mt-4 rounded-md border border-slate-300 p-3 text-sm dark:border-slate-600">
          <p>Did the email not arrive, or has its link expired?</p>
          <input type="hidden" name="intent" value={RESEND_INTENT} />
          <input type="hidden" name="email" value={unconfirmedEmail} />
          <button
            type="submit"
            disabled={pending}
            className="mt-2 rounded-md border border-blue-700 px-3 py-1.5 font-semibold text-blue-700 hover:bg-blue-50 dark:border-blue-300 dark:text-blue-300 dark:hover:bg-slate-800"
          >
            Send the link again
          </button>
        </Form>
      )}
      {ssoProviders.length > 0 && (
        <div className="mt-8">
          <p className="text-center text-sm font-medium text-slate-700 dark:text-slate-300">Or Continue with SSO</p>
          <ul className="mt-3 grid gap-2 sm:grid-cols-3">
            {ssoProviders.map((p) => (
              <li key={p.id}>
                {/* A full page load into the provider's sign-in. */}
                <a
                  href={`/api/login?provider=${p.id}`}
                  className="block rounded-md border border-slate-300 px-3 py-2 text-center text-sm font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
                >
                  {p.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="mt-6 text-center text-sm">
        New to Civic Atlas?{" "}
        <a href="/register" className={`font-medium ${linkClass}`}>
          Create an account
        </a>
      </p>
    </div>
  );
}
