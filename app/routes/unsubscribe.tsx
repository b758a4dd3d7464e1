// /unsubscribe?lead=&token=: the link in every mailing-list email. GET shows the page (GET
// never writes); its button POSTs, and with JavaScript the form submits itself, so one click on
// the link is all it takes. Mail clients' one-click unsubscribe (RFC 8058) POSTs here directly.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { primaryButton } from "~/components/forms";
import { db } from "~/db.server";
import { isValidUnsubscribeToken, unsubscribeLead } from "~/models/leads.server";
import { readFormData } from "~/form-data.server";

export const meta: MetaFunction = () => [{ title: "Unsubscribe · Civic Atlas" }];
const INVALID = "This unsubscribe link is not valid. Please use the link from your most recent Civic Atlas email, or contact us.";

function readLink(url: URL, form?: FormData) {
  const lead = Number(form?.get("lead") ?? url.searchParams.get("lead"));
  const token = String(form?.get("token") ?? url.searchParams.get("token") ?? "");
  return Number.isInteger(lead) && lead > 0 && token && isValidUnsubscribeToken(lead, token) ? { lead, token } : null;
}

export function loader({ request }: LoaderFunctionArgs) {
  const link = readLink(new URL(request.url));
  return data({ link }, { status: link ? 200 : 400 });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const link = readLink(new URL(request.url), form.has("lead") ? form : undefined);
  if (!link) return data({ done: false, message: INVALID }, { status: 400 });
  await unsubscribeLead(db, link.lead);
  return { done: true, message: "You have been unsubscribed. You will not receive Civic Atlas mailing-list emails any more." };
}

export default function Unsubscribe() {
  const { link } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  useEffect(() => {
    if (link && !result && formRef.current) submit(formRef.current);
  }, [link, result, submit]);
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Unsubscribe</h1>
      {result ? (
        <p role="status" className="mt-4">
          {result.message}
        </p>
      ) : link ? (
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
