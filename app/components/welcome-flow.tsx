// The three steps of the welcome flow: email, details, complete. Rendered by the
// /welcome page (plain POST forms, no JavaScript needed) and by the welcome dialog (fetcher forms).
import { Link, type Form as RemixForm } from "@remix-run/react";
import { useEffect, useState } from "react";
import { HoneypotField } from "~/components/honeypot";
import { POLITICAL_AFFILIATIONS, WELCOME_TEXTS } from "~/lib/leads";
import { filledButton } from "~/components/button";

export { useAnswerKey } from "~/components/answer-key";

export type WelcomeState = {
  step: "email" | "details" | "complete";
  email?: string;
  existingAccount?: boolean;
  errors?: Record<string, string[] | undefined>;
  values?: Record<string, string>;
  /** The server refused the submission before reading it (too many, too large): shown in the form. */
  refusal?: string;
};

/** The server's refusal, in the form it refused. */
function Refusal({ state }: { state: WelcomeState }) {
  return state.refusal ? (
    <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
      {state.refusal}
    </p>
  ) : null;
}

/** Remix's Form (the page) or a fetcher's Form (the dialog). */
type FormLike = typeof RemixForm;

const input =
  "mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";
const button = `${filledButton} disabled:opacity-60`;

/** A text field, or a choice when `options` are given (the empty choice reads `placeholder`). */
function Field({
  name,
  label,
  required,
  state,
  type = "text",
  options,
  placeholder,
}: {
  name: string;
  label: string;
  required?: boolean;
  state: WelcomeState;
  type?: string;
  options?: readonly string[];
  placeholder?: string;
}) {
  const error = state.errors?.[name]?.[0];
  const typed = state.values?.[name] ?? "";
  const [value, setValue] = useState(options && !options.includes(typed) ? "" : typed);
  const [edited, setEdited] = useState(false);
  const control = {
    id: `welcome-${name}`,
    name,
    value,
    onChange: (e: { target: { value: string } }) => {
      setValue(e.target.value);
      setEdited(true); // errors clear when the field is edited
    },
    "aria-invalid": Boolean(error && !edited) || undefined,
    "aria-describedby": error ? `welcome-${name}-error` : undefined,
    className: input,
  };
  return (
    <div>
      <label htmlFor={control.id} className="text-sm font-medium">
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {options ? (
        <select {...control}>
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      ) : (
        <input {...control} type={type} />
      )}
      <div id={`welcome-${name}-error`} className="min-h-5 text-sm text-red-700 dark:text-red-400">
        {!edited && error}
      </div>
    </div>
  );
}

export function WelcomeFlow({
  state,
  Form,
  mode,
  pending,
  onGetStarted,
  signedIn = false,
}: {
  /** A signed-in visitor is offered the mailing list only, not an account they already have. */
  signedIn?: boolean;
  state: WelcomeState;
  Form: FormLike;
  mode: "page" | "dialog";
  pending: boolean;
  onGetStarted?: () => void;
}) {
  const [email, setEmail] = useState(state.email ?? "");
  // "Disabled while empty" needs JavaScript to lift it; without JavaScript the button stays usable.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (state.step === "complete") {
    return (
      <div className="space-y-4 text-center">
        <h2 className="text-2xl font-bold">{WELCOME_TEXTS.complete}</h2>
        <p>We'll keep you informed about important political developments.</p>
        {onGetStarted ? (
          <button type="button" className={button} onClick={onGetStarted}>
            Get Started
          </button>
        ) : (
          <Link to="/" className={`inline-block ${button}`}>
            Get Started
          </Link>
        )}
      </div>
    );
  }
  if (state.step === "details") {
    return (
      <Form method="post" action="/welcome" className="relative space-y-1">
        <h2 className="text-2xl font-bold">Tell us about yourself</h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Signing up {state.email}. First and last name are required; the rest is optional.
        </p>
        <Refusal state={state} />
        {state.errors?.email && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {state.errors.email[0]}
          </p>
        )}
        <input type="hidden" name="mode" value={mode} />
        <input type="hidden" name="email" value={state.email} />
        <HoneypotField />
        <div className="grid gap-x-3 sm:grid-cols-2">
          <Field name="firstName" label="First name" required state={state} />
          <Field name="lastName" label="Last name" required state={state} />
          <Field name="phone" label="Phone" type="tel" state={state} />
          <Field name="occupation" label="Occupation" state={state} />
          <Field name="address" label="Address" state={state} />
          <Field name="city" label="City" state={state} />
          <Field name="state" label="State" state={state} />
          <Field name="zipCode" label="ZIP code" state={state} />
        </div>
        <Field
          name="politicalAffiliation"
          label="Political affiliation"
          state={state}
          options={POLITICAL_AFFILIATIONS}
          placeholder="Prefer not to say"
        />
        <div className="flex flex-wrap gap-3 pt-3">
          <button type="submit" name="intent" value="save" className={button} disabled={pending}>
            {pending ? "Saving..." : "Save"}
          </button>
          {/* Skip for Now submits only the email. */}
          <button
            type="submit"
            name="intent"
            value="skip"
            formNoValidate
            className="rounded-md border border-slate-300 px-4 py-2 font-semibold dark:border-slate-600"
            disabled={pending}
          >
            Skip for Now
          </button>
        </div>
      </Form>
    );
  }
  return (
    <div className="space-y-4">
      <h2 className="text-2xl font-bold">Welcome to Civic Atlas</h2>
      {signedIn ? (
        <p>Find your elected officials, follow how they vote, and stay informed. Sign up for our mailing list.</p>
      ) : (
        <>
          <p>Find your elected officials, follow how they vote, and stay informed. Join us, sign up for our mailing list, or sign in.</p>
          <div className="flex flex-wrap gap-3">
            <a href="/register" className={button}>
              Create Account
            </a>
            <a href="/sign-in" className="rounded-md border border-slate-300 px-4 py-2 font-semibold dark:border-slate-600">
              Sign In
            </a>
          </div>
        </>
      )}
      <details
        open={mode === "page" || Boolean(state.errors || state.existingAccount || state.refusal)}
        className="rounded-md border border-slate-200 p-3 dark:border-slate-700"
      >
        <summary className="cursor-pointer font-semibold">Sign up for our mailing list</summary>
        {/* noValidate: the spec's own message answers a bad address, with or without JavaScript. */}
        <Form method="post" action="/welcome" noValidate className="relative mt-3 space-y-2">
          <input type="hidden" name="mode" value={mode} />
          <input type="hidden" name="intent" value="email" />
          <HoneypotField />
          <label htmlFor="welcome-email" className="text-sm font-medium">
            Email
          </label>
          <input
            id="welcome-email"
            name="email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="email"
            className={input}
            aria-describedby="welcome-email-message"
          />
          <div id="welcome-email-message" className="min-h-5 text-sm">
            {state.existingAccount ? (
              <p className="text-amber-800 dark:text-amber-300">{WELCOME_TEXTS.existingAccount}</p>
            ) : (
              <p className="text-red-700 dark:text-red-400">{state.errors?.email?.[0]}</p>
            )}
          </div>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            By entering your email you agree to our{" "}
            <a href="/terms" target="_blank" rel="noopener" className="underline">
              Terms of Service
            </a>
            .
          </p>
          <Refusal state={state} />
          <button type="submit" className={button} disabled={hydrated && (pending || email.trim() === "")}>
            {pending ? "Checking..." : "Continue"}
          </button>
        </Form>
      </details>
    </div>
  );
}
