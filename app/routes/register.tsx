// /register: the choice screen, the email form, and the success screen. Without
// JavaScript the choice is a link (?method=email) and the form a POST; success redirects to
// ?created=1 (POST, redirect, GET).
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { optionLabel, optionValues, type OptionField } from "~/auth/account-options";
import { RegisterSchema, type RegisterInput } from "~/auth/account-schemas";
import { getUser } from "~/auth/session.server";
import { configuredSsoProviders } from "~/auth/sso.server";
import { CheckboxGroup, FormAlert, FormSection, SelectField, TextField, errorsNotShown, useIsPending } from "~/components/forms";
import { Refusal } from "~/lib/refusal";
import { registerAccount } from "~/models/account-emails.server";
import { readFormData } from "~/form-data.server";
import { refusedReply } from "~/lib/refused-submission";
import { linkClass, primaryButton } from "~/components/button";
import { WELCOME_SHOWN_KEY } from "~/lib/welcome-timing";

const labelOf = (field: OptionField) => (value: string) => optionLabel(field, value);

export const meta: MetaFunction = () => [
  { title: "Create your account · Civic Atlas" },
  { name: "description", content: "Create a free Civic Atlas account with your email or a single sign-on provider." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getUser(request)) throw redirect("/");
  const url = new URL(request.url);
  return {
    method: url.searchParams.get("method"),
    created: url.searchParams.get("created") === "1",
    // SSO is offered only when a provider is set up: a button that leads nowhere is a dead end.
    sso: configuredSsoProviders().length > 0,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  if (context.refused) return data(refusedReply(formData, context.refused), { status: context.refused.status });
  const submission = parseWithZod(formData, { schema: RegisterSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  try {
    await registerAccount(submission.value, context.ipAddress);
  } catch (error) {
    if (error instanceof Refusal) {
      return data(submission.reply({ fieldErrors: { email: [error.message] }, hideFields: ["password"] }), { status: error.status });
    }
    throw error;
  }
  return redirect("/register?created=1");
}

export default function Register() {
  const { method, created, sso } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      {created ? <Created /> : method === "email" ? <EmailForm /> : <Choice sso={sso} />}
      {!created && (
        <p className="mt-6 text-center text-sm">
          Already have an account?{" "}
          <a href="/sign-in" className={`font-medium ${linkClass}`}>
            Sign in
          </a>
        </p>
      )}
    </div>
  );
}

function Choice({ sso }: { sso: boolean }) {
  return (
    <div className="space-y-4 text-center">
      <h1 className="text-3xl font-bold">Join Civic Atlas</h1>
      <p className="text-slate-700 dark:text-slate-300">
        Create an account for personalised insights: signed in, the home page shows your own elected officials.
      </p>
      <Link to="/register?method=email" className={`block ${primaryButton}`}>
        Create Account with Email
      </Link>
      {/* SSO is a full page load. */}
      {sso && (
        <a
          href="/api/login"
          className="block w-full rounded-md border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          Continue with SSO
        </a>
      )}
    </div>
  );
}

function EmailForm() {
  const lastResult = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useForm<RegisterInput>({
    lastResult,
    constraint: getZodConstraint(RegisterSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RegisterSchema }),
  });
  const failed = errorsNotShown(form, Object.keys(RegisterSchema.shape))[0] ?? null;
  const hasErrors = (...names: (keyof typeof fields)[]) => names.some((n) => Object.keys(fields[n].allErrors).length > 0);
  return (
    <>
      <Link to="/register" className={`text-sm font-medium ${linkClass}`}>
        ← Other ways to sign up
      </Link>
      <h1 className="mt-4 text-3xl font-bold">Create your account</h1>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Fields marked * are required.</p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-2">
        <FormAlert id={form.errorId} title="Registration Failed" message={failed} />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField field={fields.firstName} label="First name" required autoComplete="given-name" />
          <TextField field={fields.lastName} label="Last name" required autoComplete="family-name" />
        </div>
        <TextField field={fields.email} label="Email" type="email" required autoComplete="email" />
        <TextField field={fields.password} label="Password" type="password" required autoComplete="new-password" />
        <FormSection
          summary="Contact and location (optional)"
          hasErrors={hasErrors("phone", "address", "city", "state", "zipCode", "country", "timezone")}
        >
          <div className="mt-3 grid gap-x-4 sm:grid-cols-2">
            <TextField field={fields.phone} label="Phone" type="tel" autoComplete="tel" />
            <TextField field={fields.address} label="Address" autoComplete="address-line1" />
            <TextField field={fields.city} label="City" autoComplete="address-level2" />
            <TextField field={fields.state} label="State" autoComplete="address-level1" />
            <TextField field={fields.zipCode} label="ZIP code" autoComplete="postal-code" />
            <TextField field={fields.country} label="Country" autoComplete="country-name" />
            <SelectField field={fields.timezone} label="Time zone" options={optionValues("timezone")} />
          </div>
        </FormSection>
        <FormSection
          summary="Your civic profile (optional)"
          hasErrors={hasErrors(
            "politicalAffiliation",
            "votingFrequency",
            "governmentTrust",
            "newsConsumption",
            "politicalEngagement",
            "primaryIssues",
            "preferredSources",
          )}
        >
          <div className="mt-3 grid gap-x-4 sm:grid-cols-2">
            <SelectField
              field={fields.politicalAffiliation}
              label="Political affiliation"
              options={optionValues("politicalAffiliation")}
              labelOf={labelOf("politicalAffiliation")}
            />
            <SelectField
              field={fields.votingFrequency}
              label="How often do you vote?"
              options={optionValues("votingFrequency")}
              labelOf={labelOf("votingFrequency")}
            />
            <SelectField
              field={fields.governmentTrust}
              label="Trust in government"
              options={optionValues("governmentTrust")}
              labelOf={labelOf("governmentTrust")}
            />
            <SelectField
              field={fields.newsConsumption}
              label="How often do you follow the news?"
              options={optionValues("newsConsumption")}
              labelOf={labelOf("newsConsumption")}
            />
            <SelectField
              field={fields.politicalEngagement}
              label="Political engagement"
              options={optionValues("politicalEngagement")}
              labelOf={labelOf("politicalEngagement")}
            />
          </div>
          <CheckboxGroup
            field={fields.primaryIssues}
            legend="Issues that matter to you (select up to 5)"
            options={optionValues("primaryIssues")}
          />
          <CheckboxGroup field={fields.preferredSources} legend="Where you get your news" options={optionValues("preferredSources")} />
        </FormSection>
        <button type="submit" className={primaryButton} disabled={pending}>
          {pending ? "Creating Account..." : "Create Account"}
        </button>
      </Form>
    </>
  );
}

function Created() {
  return (
    <div className="space-y-4 text-center">
      <h1 className="text-3xl font-bold">Account Created!</h1>
      <p>Please check your email to confirm your account and complete the setup.</p>
      <Link
        to="/"
        onClick={() => {
          try {
            sessionStorage.setItem(WELCOME_SHOWN_KEY, "true");
          } catch {
            /* storage unavailable */
          }
        }}
        className={`inline-block ${primaryButton} w-auto`}
      >
        Return to Homepage
      </Link>
    </div>
  );
}
