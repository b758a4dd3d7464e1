// /rejoin?lead=&expires=&token=: the link in the email an unsubscribed address gets when it signs
// up again. Signing up never re-subscribes it; following this link does. GET shows the page (GET
// never writes); its button POSTs, and with JavaScript the form submits itself. The link is
// signed, expires after 7 days and works once (decision 0005).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { db } from "~/db.server";
import { readFormData } from "~/form-data.server";
import { isRejoinLinkUsable, rejoinLead, type RejoinLink } from "~/models/leads.server";
import { linkClass, primaryButton } from "~/components/button";

export const meta: MetaFunction = () => [
  { title: "Re-join the mailing list · Civic Atlas" },
  { name: "description", content: "Subscribe again to the Civic Atlas mailing list." },
];
const INVALID = "This link is not valid, was already used, or has expired. Links are valid for 7 days.";
const DONE = "Welcome back! You are on the Civic Atlas mailing list again. Every email has a link to unsubscribe.";

function readLink(source: URLSearchParams | FormData): RejoinLink | null {
  const lead = Number(source.get("lead"));
  const expires = Number(source.get("expires"));
  const token = String(source.get("token") ?? "");
  return Number.isSafeInteger(lead) && lead > 0 && Number.isSafeInteger(expires) && token ? { lead, expires, token } : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  if (params.has("done")) return { done: true, link: null };
  const link = readLink(params);
  const usable = link ? await isRejoinLinkUsable(db, link) : false;
  return data({ done: false, link: usable ? link : null }, { status: usable ? 200 : 400 });
}

export async function action({ request }: ActionFunctionArgs) {
  const link = readLink(await readFormData(request));
  if (!link || !(await rejoinLead(db, link))) return data({ message: INVALID }, { status: 400 });
  return redirect("/rejoin?done=1");
}

export default function Rejoin() {
  const { done, link } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  useEffect(() => {
    if (link && !refused && formRef.current) submit(formRef.current);
  }, [link, refused, submit]);
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Re-join the mailing list</h1>
      {done ? (
        <p role="status" className="mt-4">
          {DONE}
        </p>
      ) : link && !refused ? (
        <Form method="post" ref={formRef} className="mt-6">
          <input type="hidden" name="lead" value={link.lead} />
          <input type="hidden" name="expires" value={link.expires} />
          <input type="hidden" name="token" value={link.token} />
          <p className="mb-4">Start receiving the Civic Atlas mailing list again?</p>
          <button type="submit" className={primaryButton}>
            Re-join the mailing list
          </button>
        </Form>
      ) : (
        <>
          <p className="mt-4">{INVALID}</p>
          <Link to="/welcome" className={`mt-6 inline-block font-medium ${linkClass}`}>
            Sign up again
          </Link>
        </>
      )}
    </div>
  );
}
