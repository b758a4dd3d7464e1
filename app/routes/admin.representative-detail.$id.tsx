// /admin/representative-detail/{id}: an official for staff. Four tabs
// (?tab=personal|contact|political|voting) and edit mode (?edit=1) are links, so everything works
// without JavaScript. While editing, the form holds the fields of the current tab only and the
// server compares only the fields sent (a field not sent stays as it is; one sent empty is
// cleared); switching tabs leaves unsaved changes behind, as the Cancel link does. A date of birth
// that makes the official younger than their office requires is saved with a warning: in the
// notice after the save and, once live, on the Personal Details tab (both without JavaScript). A moderator's save becomes a suggestion for admin
// review, an admin's applies at once (app/models/data-updates.server.ts decides).
import { type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, isRouteErrorResponse, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { z } from "~/lib/zod";
import { can } from "~/auth/permissions";
import { DENIED, requirePermission } from "~/auth/permissions.server";
import { EDIT_FORM_ID, EditForm, SECTION_SCHEMAS, TABS, isSection, pageUrl } from "~/components/admin/representative/edit-form";
import { ContactTab, PersonalValues, PoliticalTab, VotingTab } from "~/components/admin/representative/tabs";
import { Badge } from "~/components/badge";
import { buttonClass, textLinkClass } from "~/components/button";
import { GeneralErrorBoundary, NotFoundPage } from "~/components/error-boundary";
import { useIsPending } from "~/components/forms";
import { OfficialAvatar } from "~/components/official-card";
import { PartyBadge } from "~/components/record-fields";
import { TabLinks } from "~/components/tabs";
import { useToast } from "~/components/toaster";
import { db } from "~/db.server";
import { readFormData } from "~/form-data.server";
import { parseQuery } from "~/lib/admin-users";
import { officeLabel } from "~/lib/officials-order";
import { Refusal } from "~/lib/refusal";
import { IdParam } from "~/lib/route-params";
import { DATA_UPDATE_TEXTS, editOutcomeToast, formValues, sentFields } from "~/lib/staff-edits";
import { officeAgeWarning } from "~/lib/official-age";
import { submitStaffEdit } from "~/models/data-updates.server";
import { findOfficialForStaff, votingRecordsOf } from "~/models/officials.server";
import { redirectWithToast } from "~/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.official.name} · Representative Details · Civic Atlas` : "Representative Not Found · Civic Atlas" },
];

const QuerySchema = z.object({ tab: z.enum(TABS, "tab must be personal, contact, political or voting.").default("personal") });

const VOTES_SHOWN = 100;
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
  return updateRepresentative(viewer, id.data, formData);
}

/** Saves the fields one tab's form sent: applied at once or suggested for review, as the viewer's role decides. */
async function updateRepresentative(viewer: Awaited<ReturnType<typeof requirePermission>>, id: number, formData: FormData) {
  const section = formData.get("section");
  if (!isSection(section)) return fail(400, "section must be personal, contact or political.");
  const schema = sentFields(SECTION_SCHEMAS[section], formData);
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return fail(400, UPDATE_FAILED, submission.reply());
  try {
    const values = formValues(schema, submission.value);
    const outcome = await submitStaffEdit(db, viewer, { entityType: "official", entityId: id, values });
    if (!outcome) return fail(404, NOT_FOUND_TEXT);
    const back = `/admin/representative-detail/${id}${section === "personal" ? "" : `?tab=${section}`}`;
    const { dateOfBirth, office } = values as { dateOfBirth?: string | null; office?: string | null };
    const warning = dateOfBirth !== undefined && office !== undefined ? officeAgeWarning({ dateOfBirth, office }) : null;
    return redirectWithToast(back, editOutcomeToast(outcome, DATA_UPDATE_TEXTS.representativeUpdated, warning));
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return fail(error.status, error.message || UPDATE_FAILED, submission.reply({ fieldErrors: error.details.errors }));
  }
}

export default function RepresentativeDetail() {
  const { official, tab, editing, votes, reviewed, ageWarning } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useToast(actionData?.toast);
  const saving = useIsPending({ fields: { intent: "update" } });
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
    </div>
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
