// /admin/messages/{id}: one contact message, Mark as handled, and Send again for a message
// support never received. Admins only (docs/decisions/0006).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, isRouteErrorResponse, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { DENIED, requirePermission } from "~/auth/permissions.server";
import { buttonClass, textLinkClass } from "~/components/button";
import { GeneralErrorBoundary, NotFoundPage } from "~/components/error-boundary";
import { FormAlert } from "~/components/forms";
import { MessageStatus, categoryLabel } from "~/components/message-status";
import { DetailItem } from "~/components/detail-item";
import { db } from "~/db.server";
import { readFormData } from "~/form-data.server";
import { StaffTime } from "~/components/staff-time";
import { IdParam } from "~/lib/route-params";
import { Refusal } from "~/lib/refusal";
import { getContactMessage, markMessageHandled, resendContactMessage } from "~/models/contact-inbox.server";
import { redirectWithToast } from "~/toast.server";

export const meta: MetaFunction = () => [{ title: "Contact Message · Civic Atlas" }];

const NOT_FOUND = "Message not found";
const notFound = () => data({ message: NOT_FOUND }, { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "page:contact-messages", DENIED.adminOnly);
  const id = IdParam.safeParse(params.id);
  const message = id.success ? await getContactMessage(db, id.data) : null;
  if (!message) throw notFound();
  return { message };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requirePermission(request, "contact-messages:manage", DENIED.adminOnly);
  const id = IdParam.safeParse(params.id);
  if (!id.success) throw notFound();
  const here = `/admin/messages/${id.data}`;
  const intent = (await readFormData(request)).get("intent");
  if (intent === "handled") {
    if (!(await markMessageHandled(db, id.data, staff.id))) throw notFound();
    return redirectWithToast(here, { title: "Message handled" });
  }
  if (intent === "resend") {
    try {
      if (!(await resendContactMessage(db, id.data))) throw notFound();
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return data({ message: error.message }, { status: error.status });
    }
    return redirectWithToast(here, { title: "Message sent", description: "The message was delivered to the support mailbox." });
  }
  return data({ message: "Unknown action." }, { status: 400 });
}

export default function ContactMessage() {
  const { message } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const unsent = message.status !== "sent";
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Link to="/admin/messages" className={`text-sm ${textLinkClass}`}>
        ← Back to Messages
      </Link>
      <h1 className="mt-3 break-words text-3xl font-bold">{message.subject}</h1>
      <div className="mt-2">
        <MessageStatus status={message.status} handled={Boolean(message.handledAt)} />
      </div>
      {failure && (
        <div className="mt-4">
          <FormAlert title="Error" message={failure.message} />
        </div>
      )}
      <dl className="mt-6 grid gap-4 sm:grid-cols-2">
        <DetailItem label="From">
          {message.name} ({message.email})
        </DetailItem>
        <DetailItem label="Category">{categoryLabel(message.category)}</DetailItem>
        <DetailItem label="Received">
          <StaffTime value={message.createdAt} />
        </DetailItem>
        <DetailItem label="Handled">
          {message.handledAt ? (
            <>
              <StaffTime value={message.handledAt} /> by {message.handledBy}
            </>
          ) : (
            "Not yet"
          )}
        </DetailItem>
        {message.sendError && <DetailItem label="Delivery error">{message.sendError}</DetailItem>}
      </dl>
      <h2 className="mt-6 text-lg font-semibold">Message</h2>
      <p className="mt-2 whitespace-pre-wrap rounded-lg border border-slate-200 p-4 dark:border-slate-700">{message.message}</p>
      <div className="mt-6 flex flex-wrap gap-2">
        <a href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`} className={buttonClass.secondary}>
          Reply by email
        </a>
        {unsent && (
          <Form method="post">
            <button type="submit" name="intent" value="resend" className={buttonClass.secondary}>
              Send again
            </button>
          </Form>
        )}
        {!message.handledAt && (
          <Form method="post">
            <button type="submit" name="intent" value="handled" className={buttonClass.primary}>
              Mark as handled
            </button>
          </Form>
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404)
    return (
      <NotFoundPage
        title={NOT_FOUND}
        message="There is no contact message with this number."
        back={{ to: "/admin/messages", label: "Back to Messages" }}
      />
    );
  return <GeneralErrorBoundary />;
}
