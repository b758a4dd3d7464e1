// /admin/state-detail/{id}: a state for staff. The State Details tab is the
// edit form; the Representatives tab lists the state's officials, each linking to their staff
// page. A moderator's save becomes a suggestion for admin review, an admin's applies at once
// (app/models/data-updates.server.ts decides). Tabs are links and the form is a POST, so all of
// it works without JavaScript.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, isRouteErrorResponse, useActionData, useLoaderData, useLocation, useRouteError } from "@remix-run/react";
import { z } from "~/lib/zod";
import { can } from "~/auth/permissions";
import { DENIED, requirePermission } from "~/auth/permissions.server";
import { Badge } from "~/components/badge";
import { buttonClass, textLinkClass } from "~/components/button";
import { GeneralErrorBoundary, NotFoundPage } from "~/components/error-boundary";
import { useIsPending } from "~/components/forms";
import { ChoiceField, InputField, PartyBadge, Section, TextAreaField } from "~/components/record-fields";
import { TabLinks } from "~/components/tabs";
import { useToast } from "~/components/toaster";
import { db } from "~/db.server";
import { readFormData } from "~/form-data.server";
import { parseQuery } from "~/lib/admin-users";
import { officeLabel } from "~/lib/officials-order";
import { Refusal } from "~/lib/refusal";
import { IdParam } from "~/lib/route-params";
import {
  DATA_UPDATE_TEXTS,
  GOVERNOR_PARTY_CHOICES,
  PARTY_CONTROL_CHOICES,
  StateEditSchema,
  editOutcomeToast,
  formValues,
  sentFields,
  type StateEdit,
} from "~/lib/staff-edits";
import { submitStaffEdit } from "~/models/data-updates.server";
import { findStateForStaff, stateRepresentativesForStaff } from "~/models/states.server";
import { redirectWithToast } from "~/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.state.name} · State Details · Civic Atlas` : "State Not Found · Civic Atlas" },
];

const TABS = [
  { id: "details", label: "State Details" },
  { id: "representatives", label: "Representatives" },
] as const;
type Tab = (typeof TABS)[number]["id"];
const QuerySchema = z.object({
  tab: z.enum(["details", "representatives"], "tab must be details or representatives.").default("details"),
});

const STATE_NOT_FOUND = "State Not Found";
const UPDATE_FAILED = "Failed to update state information";
const notFound = () => data({ message: "The state you are looking for does not exist." }, { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, "page:state-detail", DENIED.dashboard);
  const { tab } = parseQuery(request.url, QuerySchema);
  const id = IdParam.safeParse(params.id);
  const state = id.success ? await findStateForStaff(db, id.data) : null;
  if (!state) throw notFound();
  return {
    state,
    tab,
    representatives: tab === "representatives" ? await stateRepresentativesForStaff(db, state.id) : null,
    reviewed: !can(viewer.role, "data-updates:approve"),
  };
}

type Failure = { toast: { title: string; description: string; variant: "destructive" }; result?: SubmissionResult<string[]> };
const fail = (status: number, description: string, result?: Failure["result"]) =>
  data<Failure>({ toast: { title: "Error", description, variant: "destructive" }, result }, { status });

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, "page:state-detail", DENIED.dashboard);
  if (!can(viewer.role, "data-updates:create")) return fail(403, "Forbidden: your role does not allow this.");
  const id = IdParam.safeParse(params.id);
  if (!id.success) return fail(404, "The state you are looking for does not exist.");
  const formData = await readFormData(request);
  if (formData.get("intent") !== "update") return fail(400, "Unknown action.");
  const schema = sentFields(StateEditSchema, formData);
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return fail(400, UPDATE_FAILED, submission.reply());
  try {
    const outcome = await submitStaffEdit(db, viewer, {
      entityType: "state",
      entityId: id.data,
      values: formValues(schema, submission.value),
    });
    if (!outcome) return fail(404, "The state you are looking for does not exist.");
    return redirectWithToast(`/admin/state-detail/${id.data}`, editOutcomeToast(outcome, DATA_UPDATE_TEXTS.stateUpdated));
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return fail(error.status, error.message || UPDATE_FAILED, submission.reply({ fieldErrors: error.details.errors }));
  }
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function StateDetail() {
  const { state, tab, representatives, reviewed } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useToast(actionData?.toast);
  // After a save the page is a new location: the form remounts with the live values (a
  // suggestion leaves them as they were). A refused save stays put and keeps what was typed.
  const location = useLocation();
  const base = `/admin/state-detail/${state.id}`;
  const tabUrl = (t: Tab) => (t === "details" ? base : `${base}?tab=${t}`);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <Link to="/admin/data-management" className={`text-sm ${textLinkClass}`}>
        ← Back to Data Management
      </Link>
      <header className="mt-3">
        <h1 className="text-3xl font-bold">
          {state.name} <span className="text-slate-600 dark:text-slate-400">({state.abbreviation})</span>
        </h1>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          Political leaning: <Badge>{state.politicalLeaning ?? "Unknown"}</Badge>
        </p>
      </header>
      <div className="mt-6">
        <TabLinks label="State sections" current={tab} tabs={TABS.map((t) => ({ ...t, to: tabUrl(t.id) }))} />
      </div>
      <div className="mt-6">
        {tab === "details" && <StateForm key={location.key} state={state} reviewed={reviewed} />}
        {tab === "representatives" && representatives && <RepresentativesTab representatives={representatives} />}
      </div>
    </div>
  );
}

const EDIT_FORM_ID = "state-edit";

function StateForm({ state, reviewed }: { state: LoaderData["state"]; reviewed: boolean }) {
  const actionData = useActionData<typeof action>();
  const saving = useIsPending({ fields: { intent: "update" } });
  const [form, fields] = useForm<StateEdit>({
    id: EDIT_FORM_ID,
    lastResult: actionData?.result,
    defaultValue: {
      name: state.name,
      abbreviation: state.abbreviation,
      partyControl: state.partyControl ?? undefined,
      governorParty: state.governorParty ?? undefined,
      population: state.population ?? undefined,
      electoralVotes: state.electoralVotes ?? undefined,
      officialWebsite: state.officialWebsite ?? undefined,
      notes: state.notes ?? undefined,
    },
    constraint: getZodConstraint(StateEditSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: StateEditSchema }),
  });
  return (
    // noValidate: our own messages (such as "State name is required") answer, with or without JavaScript (not the browser's own).
    <Form method="post" {...getFormProps(form)} noValidate className="space-y-6">
      <Section title="State Information">
        {reviewed && (
          <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">
            Your changes are submitted for admin review before they go live.
          </p>
        )}
        <div className="grid gap-x-4 sm:grid-cols-2">
          <InputField field={fields.name} label="State name" required />
          <InputField field={fields.abbreviation} label="Abbreviation" required maxLength={2} />
          <InputField field={fields.population} label="Population" type="number" />
          <InputField field={fields.electoralVotes} label="Electoral votes" type="number" />
          <InputField field={fields.officialWebsite} label="Official website" type="url" />
          <ChoiceField field={fields.partyControl} label="Party control" options={PARTY_CONTROL_CHOICES} />
          <ChoiceField field={fields.governorParty} label="Governor party" options={GOVERNOR_PARTY_CHOICES} />
          <TextAreaField field={fields.notes} label="Notes" />
        </div>
      </Section>
      <button type="submit" name="intent" value="update" className={buttonClass.primary} disabled={saving}>
        {saving ? "Saving..." : "Save Changes"}
      </button>
    </Form>
  );
}

type Representatives = NonNullable<LoaderData["representatives"]>;
type Official = Representatives["senators"][number];

function RepresentativesTab({ representatives }: { representatives: Representatives }) {
  const { governor, senators, representatives: house, total } = representatives;
  if (total === 0) return <p>No representatives found for this state.</p>;
  const all = [...(governor ? [governor] : []), ...senators, ...house];
  const byParty = ["Democratic", "Republican", "Independent", "Other"]
    .map((party) => ({
      party,
      count: all.filter((o) => (party === "Other" ? !["Democratic", "Republican", "Independent"].includes(o.party) : o.party === party))
        .length,
    }))
    .filter((p) => p.count > 0);
  return (
    <div className="space-y-6">
      <Section title="Composition">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Count label="Total officials" value={total} />
          <Count label="Governor" value={governor ? 1 : 0} />
          <Count label="U.S. Senators" value={senators.length} />
          <Count label="U.S. Representatives" value={house.length} />
        </dl>
        <p className="mt-3 text-sm">By party: {byParty.map((p) => `${p.party} ${p.count}`).join(", ")}</p>
      </Section>
      <OfficialList title="Governor" officials={governor ? [governor] : []} empty="No governor on record." />
      <OfficialList title="U.S. Senators" officials={senators} empty="No senators on record." />
      <OfficialList title="U.S. Representatives" officials={house} empty="No House representatives on record." />
    </div>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-xl font-semibold">{value}</dd>
    </div>
  );
}

function OfficialList({ title, officials, empty }: { title: string; officials: Official[]; empty: string }) {
  return (
    <Section title={title}>
      {officials.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">{empty}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-700">
          {officials.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <Link to={`/admin/representative-detail/${o.id}`} className={textLinkClass}>
                {o.name}
              </Link>
              <span className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                {officeLabel(o.office)}
                {o.district && <span>District {o.district}</span>}
                <PartyBadge party={o.party} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404)
    return (
      <NotFoundPage
        title={STATE_NOT_FOUND}
        message="The state you are looking for does not exist."
        back={{ to: "/admin/data-management", label: "Back to Data Management" }}
      />
    );
  return <GeneralErrorBoundary />;
}
