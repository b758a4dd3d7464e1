// /unsubscribe?lead=&token=: the link in every mailing-list email, and ?user=&token= in every
// digest email (it turns the user's digest off). GET shows the page (GET
// never writes); its button POSTs, and with JavaScript the form submits itself, so one click on
// the link is all it takes. Mail clients' one-click unsubscribe (RFC 8058) POSTs here directly.
// A done unsubscribe redirects to /unsubscribe?done=1, which says so.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { db } from "~/db.server";
import { isValidDigestToken, stopDigests } from "~/models/digests.server";
import { isValidUnsubscribeToken, unsubscribeLead } from "~/models/leads.server";
import { readFormData } from "~/form-data.server";
import { primaryButton } from "~/components/button";

export const meta: MetaFunction = () => [
  { title: "Unsubscribe · Civic Atlas" },
  { name: "description", content: "Stop receiving the Civic Atlas mailing list." },
];
const INVALID = "This unsubscribe link is not valid. Please use the link from your most recent Civic Atlas email, or contact us.";
const DONE = "You have been unsubscribed. You will not receive Civic Atlas mailing-list emails any more.";
const DIGEST_DONE =
  "You have been unsubscribed. You will not receive Civic Atlas digest emails any more; you can choose them again on your My Officials page.";

type Link = { lead: number; token: string } | { user: string; token: string };

function readLink(url: URL, form?: FormData): Link | null {
  const value = (name: string) => String(form?.get(name) ?? url.searchParams.get(name) ?? "");
  const token = value("token");
  if (!token) return null;
  const user = value("user");
  if (user) return isValidDigestToken(user, token) ? { user, token } : null;
  const lead = Number(value("lead"));
  return Number.isInteger(lead) && lead > 0 && isValidUnsubscribeToken(lead, token) ? { lead, token } : null;
}

export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (url.searchParams.has("done")) return { done: url.searchParams.get("done") === "digest" ? DIGEST_DONE : DONE, link: null };
  const link = readLink(url);
  return data({ done: null, link }, { status: link ? 200 : 400 });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const link = readLink(new URL(request.url), form.has("token") ? form : undefined);
  if (!link) return data({ message: INVALID }, { status: 400 });
  if ("user" in link) {
    await stopDigests(db, link.user);
    return redirect("/unsubscribe?done=digest");
  }
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
          {done}
        </p>
      ) : link && !refused ? (
        <Form method="post" ref={formRef} className="mt-6">
          {"user" in link ? <input type="hidden" name="user" value={link.user} /> : <input type="hidden" name="lead" value={link.lead} />}
          <input type="hidden" name="token" value={link.token} />
          <p className="mb-4">
            {"user" in link ? "Stop receiving Civic Atlas digest emails?" : "Stop receiving the Civic Atlas mailing list?"}
          </p>
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
