// /admin/incoming-officials/new: add a member-elect or governor-elect for a seat, with the day the
// term begins. A moderator's entry waits for an admin's approval on the data updates page; an
// admin's applies at once (proposeIncomingOfficial). The seat can come in the query (Data Health
// links a seat whose term ended here). A plain POST form: it works without JavaScript.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { can } from "~/auth/permissions";
import { DENIED, requirePermission } from "~/auth/permissions.server";
import { buttonClass, textLinkClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useIsPending } from "~/components/forms";
import { ChoiceField, InputField, Section, TextAreaField } from "~/components/record-fields";
import { useToast } from "~/components/toaster";
import { db } from "~/db.server";
import { readFormData } from "~/form-data.server";
import { incomingWords } from "~/lib/incoming";
import { PARTIES } from "~/lib/party";
import { Refusal } from "~/lib/refusal";
import { IncomingOfficialSchema, OFFICE_CHOICES, type IncomingOfficialInput } from "~/lib/staff-edits";
import { proposeIncomingOfficial } from "~/models/data-updates.server";
import { redirectWithToast } from "~/toast.server";

export const meta: MetaFunction = () => [{ title: "Add an Incoming Official · Civic Atlas" }];

const FAILED = "The incoming official was not added";

/** The seat a link may name: only known values are taken, anything else is left for the form. */
function seatFromQuery(url: string): Partial<IncomingOfficialInput> {
  const q = new URL(url).searchParams;
  const pick = <T extends string>(value: string | null, allowed: readonly T[]) =>
    value && allowed.includes(value as T) ? (value as T) : undefined;
  return {
    office: pick(q.get("office"), OFFICE_CHOICES),
    state: /^[A-Za-z]{2}$/.test(q.get("state") ?? "") ? q.get("state")!.toUpperCase() : undefined,
    district: /^(\d{1,2}|AL)$/i.test(q.get("district") ?? "") ? q.get("district")!.toUpperCase() : undefined,
    senateClass: pick(q.get("senateClass"), ["1", "2", "3"] as const),
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, "data-updates:create", DENIED.dashboard);
  const states = await db.state.findMany({ select: { abbreviation: true, name: true }, orderBy: { name: "asc" } });
  return { states, seat: seatFromQuery(request.url), reviewed: !can(viewer.role, "data-updates:approve") };
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, "data-updates:create", DENIED.dashboard);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: IncomingOfficialSchema });
  const fail = (status: number, description: string, fieldErrors?: Record<string, string[]>) =>
    data(
      { toast: { title: "Error", description, variant: "destructive" as const }, result: submission.reply({ fieldErrors }) },
      { status },
    );
  if (submission.status !== "success") return fail(400, FAILED);
  try {
    const added = await proposeIncomingOfficial(db, viewer, submission.value);
    const words = incomingWords({ office: submission.value.office, name: added.name, start: submission.value.start });
    return redirectWithToast(
      added.status === "applied" ? `/admin/representative-detail/${added.officialId}` : "/admin/data-updates",
      added.status === "applied"
        ? { title: "Incoming official added", description: `${words}.` }
        : { title: "Incoming official submitted for review", description: `${words}, once an administrator approves it.` },
    );
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return fail(error.status, error.message, error.details.errors);
  }
}

export default function AddIncomingOfficial() {
  const { states, seat, reviewed } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useToast(actionData?.toast);
  const saving = useIsPending();
  const [form, fields] = useForm<IncomingOfficialInput>({
    id: "incoming-official",
    lastResult: actionData?.result,
    defaultValue: seat,
    constraint: getZodConstraint(IncomingOfficialSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: IncomingOfficialSchema }),
  });
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Link to="/admin/data-management" className={`text-sm ${textLinkClass}`}>
        ← Back to Data Management
      </Link>
      <h1 className="mt-3 text-3xl font-bold">Add an Incoming Official</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        A member-elect or governor-elect for a seat. They are shown under the seat&apos;s current holder as &ldquo;Governor-elect … takes
        office …&rdquo; and become the holder on the day their term begins.
        {reviewed && " Your entry is submitted for admin review before it shows."}
      </p>
      {/* noValidate: the form's own messages answer, with or without JavaScript. */}
      <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-6">
        <Section title="Seat">
          <div className="grid gap-x-4 sm:grid-cols-2">
            <ChoiceField field={fields.office} label="Office" options={OFFICE_CHOICES} required />
            <ChoiceField
              field={fields.state}
              label="State"
              options={states.map((s) => s.abbreviation)}
              labels={Object.fromEntries(states.map((s) => [s.abbreviation, s.name]))}
              required
            />
            <InputField field={fields.district} label="District (House: a number, or AL for at-large)" maxLength={2} />
            <ChoiceField field={fields.senateClass} label="Senate class (Senate only)" options={["1", "2", "3"]} />
          </div>
        </Section>
        <Section title="Official">
          <div className="grid gap-x-4 sm:grid-cols-2">
            <InputField field={fields.firstName} label="First name" required />
            <InputField field={fields.lastName} label="Last name" required />
            <ChoiceField field={fields.party} label="Party" options={PARTIES} required />
            <InputField field={fields.start} label="Takes office on (YYYY-MM-DD)" type="date" required />
            <InputField field={fields.sourceUrl} label="Source (address of the certified result or announcement)" type="url" />
            <TextAreaField field={fields.notes} label="Notes for the reviewer" />
          </div>
        </Section>
        <button type="submit" className={buttonClass.primary} disabled={saving}>
          {saving ? "Saving..." : "Add Incoming Official"}
        </button>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
