// /confirm-email?token=: the emailed link. GET shows the page (GET never writes); the button
// POSTs, and with JavaScript the form submits itself, so following the link is all it takes.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { FormAlert } from "~/components/forms";
import { db } from "~/db.server";
import { confirmEmail } from "~/models/users.server";
import { isVerificationUsable } from "~/models/verifications.server";
import { readFormData } from "~/form-data.server";
import { linkClass, primaryButton } from "~/components/button";

export const meta: MetaFunction = () => [
  { title: "Confirm your email · Civic Atlas" },
  { name: "description", content: "Confirm the email address of your new Civic Atlas account." },
];
const INVALID = "This confirmation link is invalid, was already used, or has expired. Links are valid for 24 hours.";

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const usable = token ? await isVerificationUsable(db, "confirm-email", token) : false;
  return data({ token, usable }, { status: usable ? 200 : 400 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  // Refused before reading (too many, too large): the page stays, with the message by the button.
  if (context.refused) return data({ message: context.refused.message }, { status: context.refused.status });
  const token = String((await readFormData(request)).get("token") ?? "");
  const user = token ? await confirmEmail(db, token) : null;
  if (!user) return data({ message: INVALID }, { status: 400 });
  return redirect("/sign-in?confirmed=true");
}

export default function ConfirmEmail() {
  const { token, usable } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  useEffect(() => {
    if (usable && formRef.current) submit(formRef.current);
  }, [usable, submit]);
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Confirm your email</h1>
      {usable ? (
        <Form method="post" ref={formRef} className="mt-6">
          <input type="hidden" name="token" value={token} />
          <p className="mb-4">One click to finish setting up your Civic Atlas account.</p>
          <div className="mb-4 text-left">
            <FormAlert title="Error" message={refused?.message} />
          </div>
          <button type="submit" className={primaryButton}>
            Confirm my email
          </button>
        </Form>
      ) : (
        <>
          <p className="mt-4">{INVALID}</p>
          <Link to="/sign-in" className={`mt-6 inline-block font-medium ${linkClass}`}>
            Go to sign in
          </Link>
        </>
      )}
    </div>
  );
}
