// /contact: the support address, the response-time promise, common topics,
// and the message form: a POST that works without JavaScript; success redirects (form reset).
import { getFormProps, getSelectProps, getTextareaProps, parse, useForm } from "@conform-to/react";
import { useState } from "react";
import type { MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ErrorList, TextField, useIsPending } from "~/components/forms";
import { HoneypotField } from "~/components/honeypot";
import { useToast } from "~/components/toaster";
import { CATEGORY_LABELS, CONTACT_CATEGORIES, CONTACT_TOASTS } from "~/lib/contact";
import { checkRequired } from "~/lib/required-fields";
import type { ContactInput } from "~/lib/contact-schema.server";
import { action, loader } from "./contact.server";
import { linkClass, primaryButton } from "~/components/button";

export { action, loader };

export const meta: MetaFunction = () => [
  { title: "Contact Us · Civic Atlas" },
  { name: "description", content: "Write to the Civic Atlas team about data corrections, sources, accounts or ideas." },
];

const TOPICS = [
  "Reporting an official's wrong or outdated contact details",
  "Questions about where our data comes from",
  "Trouble signing in or confirming your email",
  "Mailing-list and privacy requests",
  "Ideas for new features",
];

export default function Contact() {
  const { supportEmail } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // A successful send redirects to a new location: the form remounts empty. A
  // refused one stays at the same location and keeps what was typed.
  const location = useLocation();
  // With JavaScript a form with a required field empty is not sent: the toast "Missing information" answers it here.
  const [unsent, setUnsent] = useState<{ title: string; description: string; variant: "destructive" } | null>(null);
  useToast(unsent ?? actionData?.toast);
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 md:grid-cols-[1fr_2fr]">
      <aside>
        <h1 className="text-3xl font-bold">Contact Us</h1>
        <p className="mt-3">
          Email{" "}
          <a href={`mailto:${supportEmail}`} className={`font-medium ${linkClass}`}>
            {supportEmail}
          </a>{" "}
          or use the form. We respond within 24-48 hours.
        </p>
        <p className="mt-3">
          <a href="https://x.com/CivicAtlas" rel="noopener noreferrer" className={linkClass}>
            Follow Civic Atlas on X
          </a>
        </p>
        <h2 className="mt-6 font-semibold">Common topics</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
          {TOPICS.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      </aside>
      <section aria-labelledby="form-heading">
        <h2 id="form-heading" className="text-xl font-semibold">
          Send us a message
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Fields marked * are required.</p>
        <ContactForm
          key={location.key}
          onUnsent={() => setUnsent({ ...CONTACT_TOASTS.missing, variant: "destructive" })}
          onSent={() => setUnsent(null)}
        />
      </section>
    </div>
  );
}

function ContactForm({ onUnsent, onSent }: { onUnsent: () => void; onSent: () => void }) {
  const { constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const sending = useIsPending();
  const [form, fields] = useForm<ContactInput>({
    lastResult: actionData?.result,
    constraint,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parse(formData, { resolve: (values) => checkRequired<ContactInput>(values, constraint) }),
    onSubmit: onSent,
  });
  const formProps = getFormProps(form);
  return (
    <>
      {/* noValidate: our messages and the "Missing information" toast answer a missing field, with or without JavaScript. */}
      <Form
        method="post"
        {...formProps}
        onSubmit={(event) => {
          formProps.onSubmit(event);
          if (event.defaultPrevented) onUnsent();
        }}
        noValidate
        className="relative mt-4 space-y-1"
      >
        <HoneypotField />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField field={fields.name} label="Name" required autoComplete="name" />
          <TextField field={fields.email} label="Email" type="email" required autoComplete="email" />
        </div>
        <TextField field={fields.subject} label="Subject" required />
        <div>
          <label htmlFor={fields.category.id} className="text-sm font-medium">
            Category
          </label>
          <select
            {...getSelectProps(fields.category)}
            className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900"
          >
            <option value="">Choose a category</option>
            {CONTACT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {CATEGORY_LABELS[c]}
              </option>
            ))}
          </select>
          <ErrorList id={fields.category.errorId} errors={fields.category.errors} />
        </div>
        <div>
          <label htmlFor={fields.message.id} className="text-sm font-medium">
            Message<span aria-hidden="true"> *</span>
          </label>
          <textarea
            {...getTextareaProps(fields.message)}
            rows={6}
            className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900"
          />
          <ErrorList id={fields.message.errorId} errors={fields.message.errors} />
        </div>
        {/* A refusal of the whole submission (too many from this network), beside the button. */}
        <ErrorList id={form.errorId} errors={form.errors} />
        <button type="submit" className={primaryButton} disabled={sending}>
          {sending ? "Sending..." : "Send Message"}
        </button>
      </Form>
    </>
  );
}
