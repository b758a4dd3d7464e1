// /admin/representative-detail/{id}: an official for staff (spec 3 §2, §5, §8). Four tabs
// (?tab=personal|contact|political|voting) and edit mode (?edit=1) are links, so everything works
// without JavaScript. While editing, the form holds the fields of the current tab only and the
// server compares only the fields sent (a field not sent stays as it is; one sent empty is
// cleared); switching tabs leaves unsaved changes behind, as the Cancel link does. A date of birth
// that makes the official younger than their office requires is saved with a warning: in the
// notice after the save and, once live, on the Personal Details tab (both without JavaScript). A moderator's save becomes a suggestion for admin
// review, an admin's applies at once (app/models/data-updates.server.ts decides).
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, isRouteErrorResponse, useActionData, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { z } from "~/lib/zod";
import { can } from "~/auth/permissions";
import { DENIED, requirePermission } from "~/auth/permissions.server";
import { Badge } from "~/components/badge";
import { buttonClass, textLinkClass } from "~/components/button";
import { GeneralErrorBoundary, NotFoundPage } from "~/components/error-boundary";
import { OfficialAvatar } from "~/components/official-card";
import { ChoiceField, InputField, PartyBadge, Section, TextAreaField, Value, Values, orNotSet } from "~/components/record-fields";
import { TabLinks } from "~/components/tabs";
import { Toaster } from "~/components/toaster";
import { db } from "~/db.server";
import { readFormData } from "~/form-data.server";
import { parseQuery } from "~/lib/admin-users";
import { externalProfiles, fecProfile } from "~/lib/external-profiles";
import { officeLabel } from "~/lib/officials-order";
import { PARTIES } from "~/lib/party";
import { Refusal } from "~/lib/refusal";
import { IdParam } from "~/lib/route-params";
import {
  DATA_UPDATE_TEXTS,
  GENDER_CHOICES,
  OFFICE_CHOICES,
  OFFICIAL_FIELDS,
  RepresentativeEditSchema,
  editOutcomeToast,
  formValues,
  sentFields,
} from "~/lib/staff-edits";
import { officeAgeWarning } from "~/lib/official-age";
import { displayPhone } from "~/lib/phone";
import { submitStaffEdit } from "~/models/data-updates.server";
import { findOfficialForStaff, votingRecordsOf } from "~/models/officials.server";
import { redirectWithToast } from "~/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.official.name} · Representative Details · Civic Atlas` : "Representative Not Found · Civic Atlas" },
];

const TABS = ["personal", "contact", "political", "voting"] as const;
type Tab = (typeof TABS)[number];
const QuerySchema = z.object({ tab: z.enum(TABS, "tab must be personal, contact, political or voting.").default("personal") });

/** The editable fields of each tab: the form of a tab sends these, and the server compares these only. */
const SECTION_SCHEMAS = {
  personal: RepresentativeEditSchema.pick({
    firstName: true,
    lastName: true,
    dateOfBirth: true,
    gender: true,
    religion: true,
    office: true,
    party: true,
    district: true,
    photoUrl: true,
    biography: true,
  }),
  contact: RepresentativeEditSchema.pick({
    email: true,
    phone: true,
    website: true,
    xProfileUrl: true,
    bioguideId: true,
    govtrackId: true,
    opensecretId: true,
    fecId: true,
    ballotpediaSlug: true,
    wikipediaSlug: true,
    washingtonPostSlug: true,
    votesmartId: true,
    icpsrId: true,
  }),
  political: RepresentativeEditSchema.pick({ terms: true, leadership: true, committees: true, notes: true }),
};
type EditSection = keyof typeof SECTION_SCHEMAS;
const isSection = (value: unknown): value is EditSection => typeof value === "string" && Object.hasOwn(SECTION_SCHEMAS, value);
type EditableField = keyof z.infer<typeof RepresentativeEditSchema>;

/** How each editable field is entered (spec 3 §2, §5); labels come from OFFICIAL_FIELDS. */
const INPUTS: Partial<
  Record<
    EditableField,
    { type?: "email" | "tel" | "url" | "date"; choices?: readonly string[]; required?: true; multiline?: true; hint?: string }
  >
> = {
  firstName: { required: true },
  lastName: { required: true },
  dateOfBirth: { type: "date" },
  gender: { choices: GENDER_CHOICES },
  office: { choices: OFFICE_CHOICES, required: true },
  party: { choices: PARTIES, required: true },
  district: { hint: "e.g., 01, 02, AL" },
  photoUrl: { type: "url" },
  biography: { multiline: true },
  email: { type: "email" },
  phone: { type: "tel" },
  website: { type: "url" },
  xProfileUrl: { type: "url" },
  terms: { multiline: true },
  leadership: { multiline: true },
  committees: { multiline: true },
  notes: { multiline: true },
};
const fieldsOf = (section: EditSection) => Object.keys(SECTION_SCHEMAS[section].shape) as EditableField[];

const VOTES_SHOWN = 100;
const KEY_COMMITTEE_LENGTH = 30;
const NOT_FOUND_TEXT = "The representative you are looking for does not exist.";
const UPDATE_FAILED = "Failed to update representative information";
const notFound = () => data({ message: NOT_FOUND_TEXT }, { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, "page:representative-detail", DENIED.dashboard);
  const { tab } = parseQuery(request.url, QuerySchema);
  const id = IdParam.safeParse(params.id);
  const official = id.success ? await findOfficialForStaff(db, id.data) : null;
  if (!official) throw notFound();
  return {
    official,
    tab,
    editing: new URL(request.url).searchParams.get("edit") === "1",
    votes: tab === "voting" ? await votingRecordsOf(db, official.id, VOTES_SHOWN) : [],
    reviewed: !can(viewer.role, "data-updates:approve"),
    ageWarning: officeAgeWarning(official),
  };
}

type Failure = { toast: { title: string; description: string; variant: "destructive" }; result?: SubmissionResult<string[]> };
const fail = (status: number, description: string, result?: Failure["result"]) =>
  data<Failure>({ toast: { title: "Error", description, variant: "destructive" }, result }, { status });

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, "page:representative-detail", DENIED.dashboard);
  if (!can(viewer.role, "data-updates:create")) return fail(403, "Forbidden: your role does not allow this.");
  const id = IdParam.safeParse(params.id);
  if (!id.success) return fail(404, NOT_FOUND_TEXT);
  const formData = await readFormData(request);
  if (formData.get("intent") !== "update") return fail(400, "Unknown action.");
  const section = formData.get("section");
  if (!isSection(section)) return fail(400, "section must be personal, contact or political.");
  const schema = sentFields(SECTION_SCHEMAS[section], formData);
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return fail(400, UPDATE_FAILED, submission.reply());
  try {
    const values = formValues(schema, submission.value);
    const outcome = await submitStaffEdit(db, viewer, { entityType: "official", entityId: id.data, values });
    if (!outcome) return fail(404, NOT_FOUND_TEXT);
    const back = `/admin/representative-detail/${id.data}${section === "personal" ? "" : `?tab=${section}`}`;
    const { dateOfBirth, office } = values as { dateOfBirth?: string | null; office?: string | null };
    const warning = dateOfBirth !== undefined && office !== undefined ? officeAgeWarning({ dateOfBirth, office }) : null;
    return redirectWithToast(back, editOutcomeToast(outcome, DATA_UPDATE_TEXTS.representativeUpdated, warning));
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return fail(error.status, error.message || UPDATE_FAILED, submission.reply({ fieldErrors: error.details.errors }));
  }
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type Official = LoaderData["official"];

const EDIT_FORM_ID = "representative-edit";

/** The page's address for a tab, in or out of edit mode. */
function pageUrl(id: number, tab: Tab, editing: boolean) {
  const search = new URLSearchParams();
  if (tab !== "personal") search.set("tab", tab);
  if (editing) search.set("edit", "1");
  return `/admin/representative-detail/${id}${search.size ? `?${search}` : ""}`;
}

export default function RepresentativeDetail() {
  const { official, tab, editing, votes, reviewed, ageWarning } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "update";
  const tabs = [
    { id: "personal", label: "Personal Details" },
    { id: "contact", label: "Contact & Links" },
    { id: "political", label: "Political Information" },
    { id: "voting", label: `Voting Records (${official._count.votingRecords})` },
  ] as const;
  const formOnTab = editing && isSection(tab);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <Link to="/admin/data-management" className={`text-sm ${textLinkClass}`}>
        ← Back to Data Management
      </Link>
      <header className="mt-3 flex flex-wrap items-start justify-between gap-4">
        <div className="flex items-center gap-4">
          <OfficialAvatar official={official} size={80} />
          <div>
            <h1 className="text-3xl font-bold">{official.name}</h1>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-700 dark:text-slate-300">
              <span>{officeLabel(official.office)}</span>
              <span>· {official.state.name}</span>
              {official.district && <span>· District {official.district}</span>}
              <PartyBadge party={official.party} />
              {!official.isActive && <Badge tone="warn">Inactive</Badge>}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {formOnTab && (
            <button type="submit" form={EDIT_FORM_ID} name="intent" value="update" className={buttonClass.primary} disabled={saving}>
              {saving ? "Saving..." : "Save"}
            </button>
          )}
          <Link to={pageUrl(official.id, tab, !editing)} className={editing ? buttonClass.secondary : buttonClass.primary}>
            {editing ? "Cancel" : "Edit Representative"}
          </Link>
        </div>
      </header>
      {editing && reviewed && (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">Your changes are submitted for admin review before they go live.</p>
      )}
      {ageWarning && tab === "personal" && (
        <p
          role="note"
          className="mt-3 rounded-md border border-amber-700 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          {ageWarning}
        </p>
      )}
      <div className="mt-6">
        <TabLinks
          label="Representative sections"
          current={tab}
          tabs={tabs.map((t) => ({ ...t, to: pageUrl(official.id, t.id, editing) }))}
        />
      </div>
      <div className="mt-6 space-y-6">
        {tab === "personal" && (editing ? <EditForm official={official} section="personal" /> : <PersonalValues official={official} />)}
        {tab === "contact" && <ContactTab official={official} editing={editing} />}
        {tab === "political" && <PoliticalTab official={official} editing={editing} />}
        {tab === "voting" && <VotingTab votes={votes} total={official._count.votingRecords} />}
      </div>
      <Toaster toast={actionData?.toast ?? null} />
    </div>
  );
}

function EditForm({ official, section }: { official: Official; section: EditSection }) {
  const actionData = useActionData<typeof action>();
  const names = fieldsOf(section);
  const schema = SECTION_SCHEMAS[section];
  const [form, fields] = useForm<Record<string, string | null | undefined>>({
    id: EDIT_FORM_ID,
    lastResult: actionData?.result,
    defaultValue: Object.fromEntries(
      names.map((name) => [name, name === "phone" && official.phone ? displayPhone(official.phone) : (official[name] ?? undefined)]),
    ),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    // noValidate: the spec's messages answer, with or without JavaScript (not the browser's own).
    <Form method="post" action={pageUrl(official.id, section, true)} {...getFormProps(form)} noValidate>
      <input type="hidden" name="section" value={section} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        {names.map((name) => {
          const input = INPUTS[name] ?? {};
          const label = OFFICIAL_FIELDS[name].label;
          if (input.multiline) return <TextAreaField key={name} field={fields[name]} label={label} />;
          if (input.choices)
            return <ChoiceField key={name} field={fields[name]} label={label} options={input.choices} required={input.required} />;
          return <InputField key={name} field={fields[name]} label={label} type={input.type} required={input.required} hint={input.hint} />;
        })}
      </div>
    </Form>
  );
}

const ExternalLink = ({ href, children }: { href: string; children: ReactNode }) => (
  <a href={href} rel="noopener noreferrer" className={textLinkClass}>
    {children}
  </a>
);

function PersonalValues({ official }: { official: Official }) {
  return (
    <Section title="Personal Details">
      <Values>
        <Value label="First name">{official.firstName}</Value>
        <Value label="Last name">{official.lastName}</Value>
        <Value label="Date of birth">{orNotSet(official.dateOfBirth)}</Value>
        <Value label="Gender">{orNotSet(official.gender)}</Value>
        <Value label="Religion">{orNotSet(official.religion)}</Value>
        <Value label="Office">{officeLabel(official.office)}</Value>
        <Value label="Party">{official.party}</Value>
        <Value label="District">{orNotSet(official.district)}</Value>
        <Value label="Photo URL">
          {official.photoUrl ? <ExternalLink href={official.photoUrl}>{official.photoUrl}</ExternalLink> : "Not set"}
        </Value>
        <Value label="Biography" wide>
          {orNotSet(official.biography)}
        </Value>
      </Values>
    </Section>
  );
}

const BALLOTPEDIA = (slug: string) => externalProfiles({ govtrackId: null, opensecretId: null, ballotpediaSlug: slug })[0].href;

function ContactTab({ official, editing }: { official: Official; editing: boolean }) {
  const profiles = externalProfiles(official);
  const profile = (label: string) => profiles.find((p) => p.label === label);
  const govtrack = profile("GovTrack");
  const opensecrets = profile("OpenSecrets");
  const fec = official.fecId ? fecProfile(official.fecId) : null;
  return (
    <>
      {editing ? (
        <EditForm official={official} section="contact" />
      ) : (
        <Section title="Contact & Links">
          <Values>
            <Value label="Email">
              {official.email ? <ExternalLink href={`mailto:${official.email}`}>{official.email}</ExternalLink> : "Not set"}
            </Value>
            <Value label="Phone">{official.phone ? displayPhone(official.phone) : "Not set"}</Value>
            <Value label="Official website">
              {official.website ? <ExternalLink href={official.website}>{official.website}</ExternalLink> : "Not set"}
            </Value>
            <Value label="X profile URL">
              {official.xProfileUrl ? <ExternalLink href={official.xProfileUrl}>{official.xProfileUrl}</ExternalLink> : "Not set"}
            </Value>
            {fieldsOf("contact")
              .filter((name) => !INPUTS[name])
              .map((name) => (
                <Value key={name} label={OFFICIAL_FIELDS[name].label}>
                  {name === "ballotpediaSlug" && official.ballotpediaSlug ? (
                    <ExternalLink href={BALLOTPEDIA(official.ballotpediaSlug)}>{official.ballotpediaSlug}</ExternalLink>
                  ) : (
                    orNotSet(official[name])
                  )}
                </Value>
              ))}
          </Values>
        </Section>
      )}
      <Section title="Office Address">
        <Values>
          <Value label="Office address" hint="From contact crawler" wide>
            {orNotSet(official.officeAddress)}
          </Value>
        </Values>
      </Section>
      {(govtrack || opensecrets || fec) && (
        <div className="grid gap-4 sm:grid-cols-2">
          {govtrack && (
            <Section title="GovTrack Profile">
              <ExternalLink href={govtrack.href}>View on GovTrack</ExternalLink>
            </Section>
          )}
          {(opensecrets || fec) && (
            <Section title="Campaign Finance">
              <ul className="space-y-1">
                {opensecrets && (
                  <li>
                    <ExternalLink href={opensecrets.href}>View on OpenSecrets</ExternalLink>
                  </li>
                )}
                {fec && (
                  <li>
                    <ExternalLink href={fec}>View FEC filings</ExternalLink>
                  </li>
                )}
              </ul>
            </Section>
          )}
        </div>
      )}
    </>
  );
}

/** "Senate Committee on Health, Educ..." (spec 3 §9: the key committee is cut to 30 characters). */
const cut = (text: string, length: number) => (text.length > length ? `${text.slice(0, length)}...` : text);

function PoliticalTab({ official, editing }: { official: Official; editing: boolean }) {
  const tiles = [
    { label: "GovTrack", connected: Boolean(official.govtrackId) },
    { label: "OpenSecrets", connected: Boolean(official.opensecretId) },
    { label: "Ballotpedia", connected: Boolean(official.ballotpediaSlug) },
  ];
  const showMetrics = (official.billsSponsored ?? 0) > 0 || official.approvalRating !== null;
  return (
    <>
      <Section title="Data Connections">
        <ul className="grid gap-3 sm:grid-cols-3">
          {tiles.map((t) => (
            <li key={t.label} className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
              <p className="font-semibold">{t.label}</p>
              <Badge tone={t.connected ? "good" : "neutral"}>{t.connected ? "Connected" : "Not Available"}</Badge>
            </li>
          ))}
        </ul>
      </Section>
      {editing ? (
        <EditForm official={official} section="political" />
      ) : (
        <Section title="Political Information">
          <Values>
            {fieldsOf("political").map((name) => (
              <Value key={name} label={OFFICIAL_FIELDS[name].label} wide>
                {orNotSet(official[name])}
              </Value>
            ))}
          </Values>
        </Section>
      )}
      {showMetrics && (
        <Section title="Performance Metrics">
          <Values>
            <Value label="Bills sponsored">{official.billsSponsored ?? 0}</Value>
            <Value label="Approval rating">{official.approvalRating === null ? "Not available" : `${official.approvalRating}%`}</Value>
            <Value label="Key committee">{official.committee ? cut(official.committee, KEY_COMMITTEE_LENGTH) : "Not available"}</Value>
          </Values>
        </Section>
      )}
    </>
  );
}

const POSITION_BADGE: Record<string, string> = {
  Yea: "border-blue-700 bg-blue-700 text-white",
  Nay: "border-red-700 bg-red-700 text-white",
};

function VotingTab({ votes, total }: { votes: LoaderData["votes"]; total: number }) {
  if (votes.length === 0) return <p>No voting records available</p>;
  return (
    <section aria-labelledby="votes-heading">
      <h2 id="votes-heading" className="text-lg font-semibold">
        Voting Records
      </h2>
      {total > votes.length && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          The {votes.length} most recent of {total} votes.
        </p>
      )}
      <ul className="mt-3 space-y-3">
        {votes.map((v) => (
          <li key={v.id} className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <p className="font-semibold">{v.billTitle}</p>
                <p className="text-sm text-slate-700 dark:text-slate-300">{[v.billNumber, v.voteDate].filter(Boolean).join(" · ")}</p>
              </div>
              <span
                className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold ${POSITION_BADGE[v.votePosition] ?? "border-slate-500 text-slate-800 dark:text-slate-100"}`}
              >
                {v.votePosition}
              </span>
            </div>
            {v.description && <p className="mt-1 text-sm">{v.description}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404)
    return (
      <NotFoundPage
        title="Representative Not Found"
        message={NOT_FOUND_TEXT}
        back={{ to: "/admin/data-management", label: "Back to Data Management" }}
      />
    );
  return <GeneralErrorBoundary />;
}
