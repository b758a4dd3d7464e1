// /unsubscribe?lead=&token=: the link in every mailing-list email. GET shows the page (GET
// never writes); its button POSTs, and with JavaScript the form submits itself, so one click on
// the link is all it takes. Mail clients' one-click unsubscribe (RFC 8058) POSTs here directly.
// A done unsubscribe redirects to /unsubscribe?done=1, which says so.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { primaryButton } from "~/components/forms";
import { db } from "~/db.server";
import { isValidUnsubscribeToken, unsubscribeLead } from "~/models/leads.server";
import { readFormData } from "~/form-data.server";

export const meta: MetaFunction = () => [
  { title: "Unsubscribe · Civic Atlas" },
  { name: "description", content: "Stop receiving the Civic Atlas mailing list." },
];
const INVALID = "This unsubscribe link is not valid. Please use the link from your most recent Civic Atlas email, or contact us.";
const DONE = "You have been unsubscribed. You will not receive Civic Atlas mailing-list emails any more.";

function readLink(url: URL, form?: FormData) {
  const lead = Number(form?.get("lead") ?? url.searchParams.get("lead"));
  const token = String(form?.get("token") ?? url.searchParams.get("token") ?? "");
  return Number.isInteger(lead) && lead > 0 && token && isValidUnsubscribeToken(lead, token) ? { lead, token } : null;
}

export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (url.searchParams.has("done")) return { done: true, link: null };
  const link = readLink(url);
  return data({ done: false, link }, { status: link ? 200 : 400 });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const link = readLink(new URL(request.url), form.has("lead") ? form : undefined);
  if (!link) return data({ message: INVALID }, { status: 400 });
  await unsubscribeLead(db, link.lead);
  return redirect("/unsubscribe?done=1");
}

export default function Unsubscribe() {
  const { done, link } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  useEffect(() => {
    if (link && !refused && formRef.current) submit(formRef.current);
  }, [link, refused, submit]);
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Unsubscribe</h1>
      {done ? (
        <p role="status" className="mt-4">
          {DONE}
        </p>
      ) : link && !refused ? (
        <Form method="post" ref={formRef} className="mt-6">
          <input type="hidden" name="lead" value={link.lead} />
          <input type="hidden" name="token" value={link.token} />
          <p className="mb-4">Stop receiving the Civic Atlas mailing list?</p>
          <button type="submit" className={primaryButton}>
            Unsubscribe
          </button>
        </Form>
      ) : (
        <p className="mt-4">{INVALID}</p>
      )}
    </div>
  );
}
