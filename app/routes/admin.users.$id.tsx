// /admin/users/{id}: the admin user detail (spec 2 §2, §3, §4, §6). Moderators and above open it;
// what each viewer may change comes from app/auth/permissions.ts, and the server re-checks every
// action. Tabs, edit mode (?edit=1), notes editing (?notes=edit) and the delete confirmation
// (?delete=1) are URLs, and every change is a POST form, so all of it works without JavaScript.
import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, isRouteErrorResponse, useActionData, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { z } from "~/lib/zod";
import { optionLabel } from "~/auth/account-options";
import {
  MATRIX_ROWS,
  deleteRefusal,
  modifyRefusal,
  notesRefusal,
  roleChangeRefusal,
  rowAllowed,
  setActiveRefusal,
} from "~/auth/account-rules";
import { can } from "~/auth/permissions";
import { DENIED, requirePermission } from "~/auth/permissions.server";
import { ROLES, STAFF_ROLE_LABELS, isRole, type Role } from "~/auth/roles";
import { Badge } from "~/components/badge";
import { buttonClass, textLinkClass } from "~/components/button";
import { DataTable } from "~/components/data-table";
import { Dialog } from "~/components/dialog";
import { GeneralErrorBoundary, NotFoundPage } from "~/components/error-boundary";
import { ErrorList, FormAlert, TextField } from "~/components/forms";
import { Avatar } from "~/components/header";
import { TabLinks } from "~/components/tabs";
import { TransferOwnership } from "~/components/transfer-ownership";
import { DetailItem } from "~/components/detail-item";
import { db } from "~/db.server";
import { readFormData } from "~/form-data.server";
import { ACTIVITY_ENTRIES_SHOWN, AdminNotesSchema, StaffUserSchema, parseQuery, type StaffUserInput } from "~/lib/admin-users";
import { StaffTime, TimeZoneNote } from "~/components/staff-time";
import { ResendRefusedError, resendConfirmation } from "~/models/account-emails.server";
import {
  StaffActionError,
  deleteUserByStaff,
  getUserForStaff,
  setUserActive,
  transferCheck,
  transferOwnership,
  updateUserByStaff,
  type StaffUserChanges,
} from "~/models/admin-users.server";
import { avatarHashOf } from "~/models/user-avatars.server";
import { redirectWithToast } from "~/toast.server";

export const meta: MetaFunction = () => [{ title: "User Details · Civic Atlas" }];

const TABS = [
  { id: "details", label: "Details" },
  { id: "political", label: "Political Profile" },
  { id: "activity", label: "Activity" },
  { id: "settings", label: "Settings" },
] as const;
type Tab = (typeof TABS)[number]["id"];
const DetailQuerySchema = z.object({
  tab: z.enum(["details", "political", "activity", "settings"], "tab must be details, political, activity or settings.").default("details"),
});

const USER_NOT_FOUND = "User not found";
const notFound = () => data({ message: USER_NOT_FOUND }, { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, "page:user-detail", DENIED.dashboard);
  const { tab } = parseQuery(request.url, DetailQuerySchema);
  const user = await getUserForStaff(db, params.id ?? "");
  if (!user) throw notFound();
  const target = { id: user.id, role: isRole(user.role) ? user.role : "user" };
  const actor = { id: viewer.id, role: viewer.role };
  const statusRefusal = setActiveRefusal(actor, target);
  const may = {
    edit: modifyRefusal(actor, target) === null,
    roles: ROLES.filter((r) => roleChangeRefusal(actor, target, r) === null),
    // Moderators see the status read-only (docs/decisions/0006); others are told which rule applies.
    status: statusRefusal === null,
    statusNote: can(viewer.role, "users:set-active") ? statusRefusal : "Only admins can change the account status.",
    delete: deleteRefusal(actor, target) === null,
    notes: notesRefusal(actor, target) === null,
    resend: can(viewer.role, "users:update") && !user.emailConfirmed,
    // Transfer ownership: shown to the owner on another account, with the rule when it cannot receive it.
    transfer: can(viewer.role, "users:transfer-ownership") && viewer.id !== user.id && target.role !== "owner",
    transferNote: can(viewer.role, "users:transfer-ownership") ? await transferCheck(db, actor, user.id) : null,
  };
  const search = new URL(request.url).searchParams;
  const editing = search.get("edit") === "1" && may.edit;
  return {
    user,
    avatarHash: await avatarHashOf(db, user.id),
    viewerRole: viewer.role,
    tab: editing ? "details" : tab,
    may,
    editing,
    editingNotes: search.get("notes") === "edit" && may.notes,
    confirmingDelete: search.get("delete") === "1" && may.delete,
  };
}

/** The edit form sends every field: an emptied one is cleared. The role only when the form offered it. */
function wholeEdit(value: StaffUserInput, roleOffered: boolean): StaffUserChanges {
  const { role, email, ...rest } = value;
  const cleared = Object.fromEntries(Object.keys(rest).map((k) => [k, rest[k as keyof typeof rest] ?? null]));
  return { ...cleared, email, ...(roleOffered && role ? { role } : {}) };
}

type Failure = { intent: string; title: string; message: string; result?: SubmissionResult<string[]>; typed?: string };

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, "page:user-detail", DENIED.dashboard);
  const actor = { id: viewer.id, role: viewer.role };
  const id = params.id ?? "";
  const here = `/admin/users/${id}`;
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  const fail = (status: number, failure: Omit<Failure, "intent">) => data<Failure>({ intent, ...failure }, { status });
  /** A refused or impossible change answers with its status and the rule's text; anything else is a bug. */
  const refused = (error: unknown, fallback: string, result?: Failure["result"]) => {
    if (!(error instanceof StaffActionError)) throw error;
    return fail(error.status, { title: "Error", message: error.message || fallback, result });
  };

  switch (intent) {
    case "update": {
      const submission = parseWithZod(formData, { schema: StaffUserSchema });
      if (submission.status !== "success")
        return fail(400, {
          title: "Error",
          message: "Failed to update user",
          result: submission.reply({ formErrors: ["Failed to update user"] }),
        });
      try {
        await updateUserByStaff(db, actor, id, wholeEdit(submission.value, formData.has("role")));
      } catch (error) {
        return refused(error, "Failed to update user", submission.reply({ formErrors: [(error as Error).message] }));
      }
      return redirectWithToast(here, { title: "User updated" });
    }
    case "notes": {
      const parsed = AdminNotesSchema.safeParse({ adminNotes: String(formData.get("adminNotes") ?? "") });
      if (!parsed.success) return fail(400, { title: "Error", message: parsed.error.issues[0].message });
      try {
        await updateUserByStaff(db, actor, id, { adminNotes: parsed.data.adminNotes ?? null });
      } catch (error) {
        return refused(error, "Failed to update notes");
      }
      return redirectWithToast(here, { title: "Notes updated" });
    }
    case "status": {
      const value = formData.get("isActive");
      if (value !== "true" && value !== "false") return fail(400, { title: "Error", message: "isActive must be true or false." });
      try {
        await setUserActive(db, actor, id, value === "true");
      } catch (error) {
        return refused(error, "Failed to update user status");
      }
      return redirectWithToast(`${here}?tab=settings`, { title: "Status updated" });
    }
    case "resend": {
      if (!can(viewer.role, "users:update")) return fail(403, { title: "Error", message: "Forbidden: your role does not allow this." });
      try {
        if (!(await resendConfirmation(id, actor.id))) return fail(404, { title: "Error", message: USER_NOT_FOUND });
      } catch (error) {
        if (error instanceof ResendRefusedError) return fail(409, { title: "Error", message: error.message });
        console.error(`Resending the confirmation to user ${id} failed`, error);
        return fail(502, { title: "Error", message: "Failed to send confirmation email" });
      }
      return redirectWithToast(here, { title: "Email sent" });
    }
    case "transfer": {
      const typed = String(formData.get("confirmEmail") ?? "");
      try {
        await transferOwnership(db, actor, id, typed);
      } catch (error) {
        if (!(error instanceof StaffActionError)) throw error;
        return fail(error.status, { title: "Error", message: error.message, typed });
      }
      return redirectWithToast(`${here}?tab=settings`, { title: "Ownership transferred", description: "You are now an admin." });
    }
    case "delete": {
      try {
        await deleteUserByStaff(db, actor, id);
      } catch (error) {
        return refused(error, "Failed to delete user");
      }
      return redirectWithToast("/admin/users", { title: "User deleted" });
    }
    default:
      return fail(400, { title: "Error", message: "Unknown action." });
  }
}

type UserData = ReturnType<typeof useLoaderData<typeof loader>>["user"];
type May = ReturnType<typeof useLoaderData<typeof loader>>["may"];

const EDIT_FORM_ID = "user-edit";
const roleLabel = (role: string) => (isRole(role) ? STAFF_ROLE_LABELS[role] : role);
const fullName = (u: { firstName: string | null; lastName: string | null; email: string }) =>
  [u.firstName, u.lastName].filter(Boolean).join(" ") || u.email;

export default function UserDetail() {
  const { user, avatarHash, viewerRole, tab, may, editing, editingNotes, confirmingDelete } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const base = `/admin/users/${user.id}`;
  const tabUrl = (t: Tab) => (t === "details" ? base : `${base}?tab=${t}`);
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "update";
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      {can(viewerRole, "page:users") ? (
        <Link to="/admin/users" className={`text-sm ${textLinkClass}`}>
          ← Back to Users
        </Link>
      ) : (
        <Link to="/admin" className={`text-sm ${textLinkClass}`}>
          ← Back to Dashboard
        </Link>
      )}
      <header className="mt-3 flex flex-wrap items-start justify-between gap-4">
        <div className="flex items-center gap-4">
          <Avatar user={{ ...user, avatarHash }} />
          <div>
            <h1 className="text-3xl font-bold">{fullName(user)}</h1>
            <p className="break-all text-slate-700 dark:text-slate-300">{user.email}</p>
            <div className="mt-1 flex flex-wrap gap-2">
              <Badge>{roleLabel(user.role)}</Badge>
              <Badge tone={user.isActive ? "good" : "bad"}>{user.isActive ? "Active" : "Inactive"}</Badge>
            </div>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {editing ? (
            <>
              <button type="submit" form={EDIT_FORM_ID} name="intent" value="update" className={buttonClass.primary} disabled={saving}>
                {saving ? "Saving..." : "Save Changes"}
              </button>
              <Link to={base} className={buttonClass.secondary}>
                Cancel
              </Link>
            </>
          ) : (
            may.edit && (
              <Link to={`${base}?edit=1`} className={buttonClass.primary}>
                Edit
              </Link>
            )
          )}
          {may.delete && !editing && (
            <Link to={`${tabUrl(tab)}${tab === "details" ? "?" : "&"}delete=1`} preventScrollReset className={buttonClass.danger}>
              Delete
            </Link>
          )}
        </div>
      </header>

      {actionData && actionData.intent !== "transfer" && (actionData.intent !== "update" || !editing) && (
        <div className="mt-4">
          <FormAlert title={actionData.title} message={actionData.message} />
        </div>
      )}

      <div className="mt-6">
        <TabLinks label="User sections" current={tab} tabs={TABS.map((t) => ({ ...t, to: tabUrl(t.id) }))} />
      </div>
      <div className="mt-6">
        {tab === "details" && <DetailsTab user={user} may={may} editing={editing} editingNotes={editingNotes} />}
        {tab === "political" && <PoliticalTab user={user} />}
        {tab === "activity" && <ActivityTab user={user} />}
        {tab === "settings" && <SettingsTab user={user} may={may} failure={actionData?.intent === "transfer" ? actionData : undefined} />}
      </div>

      {confirmingDelete && (
        <Dialog title="Delete User" closeTo={tabUrl(tab)}>
          <p>Are you sure you want to delete this user? This action cannot be undone.</p>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            {fullName(user)} ({user.email}) will be removed with their sessions and sign-in connections.
          </p>
          <Form method="post" className="mt-6 flex justify-end gap-2">
            <Link to={tabUrl(tab)} replace preventScrollReset className={buttonClass.secondary}>
              Cancel
            </Link>
            <button type="submit" name="intent" value="delete" className={buttonClass.danger}>
              Delete
            </button>
          </Form>
        </Dialog>
      )}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Fields({ children }: { children: ReactNode }) {
  return <dl className="grid gap-4 sm:grid-cols-2">{children}</dl>;
}

const orNone = (value: string | null | undefined) => value || "Not provided";

const ACCOUNT_FIELDS = [
  ["firstName", "First Name"],
  ["lastName", "Last Name"],
  ["profileImageUrl", "Profile Image URL"],
] as const;
const CONTACT_FIELDS = [
  ["phone", "Phone"],
  ["timezone", "Timezone"],
  ["address", "Address"],
  ["zipCode", "Zip Code"],
  ["city", "City"],
  ["country", "Country"],
  ["state", "State"],
] as const;

function DetailsTab({ user, may, editing, editingNotes }: { user: UserData; may: May; editing: boolean; editingNotes: boolean }) {
  return (
    <div className="space-y-6">
      {editing ? (
        <EditForm user={user} roles={may.roles} />
      ) : (
        <>
          <Section title="Account Information">
            <Fields>
              <DetailItem label="User ID">
                <code className="text-sm">{user.id}</code>
              </DetailItem>
              <DetailItem label="Email">
                <span className="break-all">{user.email}</span>{" "}
                <Badge tone={user.emailConfirmed ? "good" : "warn"}>{user.emailConfirmed ? "Verified" : "Unverified"}</Badge>
                {may.resend && (
                  <Form method="post" className="mt-2">
                    <button type="submit" name="intent" value="resend" className={buttonClass.secondary}>
                      Resend
                    </button>
                  </Form>
                )}
              </DetailItem>
              {ACCOUNT_FIELDS.map(([key, label]) => (
                <DetailItem key={key} label={label}>
                  {orNone(user[key])}
                </DetailItem>
              ))}
            </Fields>
          </Section>
          <Section title="Contact & Location">
            <Fields>
              {CONTACT_FIELDS.map(([key, label]) => (
                <DetailItem key={key} label={label}>
                  {orNone(user[key])}
                </DetailItem>
              ))}
            </Fields>
          </Section>
        </>
      )}
      <AdminNotes user={user} may={{ ...may, notes: may.notes && !editing }} editing={editingNotes} />
      <Section title="Timestamps">
        <Fields>
          <DetailItem label="Created">
            <StaffTime value={user.createdAt} />
          </DetailItem>
          <DetailItem label="Last Updated">
            <StaffTime value={user.updatedAt} />
          </DetailItem>
          <DetailItem label="Last Login">
            <StaffTime value={user.lastLogin} />
          </DetailItem>
          <DetailItem label="Email Verified">
            <StaffTime value={user.emailConfirmedAt} fallback="Not verified" />
          </DetailItem>
          <DetailItem label="Total Logins">{user.totalLogins}</DetailItem>
          <DetailItem label="Last Password Change">
            <StaffTime value={user.lastPasswordChange} />
          </DetailItem>
        </Fields>
        <TimeZoneNote />
      </Section>
    </div>
  );
}

function EditForm({ user, roles }: { user: UserData; roles: Role[] }) {
  const actionData = useActionData<typeof action>();
  const lastResult = actionData?.intent === "update" ? actionData.result : undefined;
  const [form, fields] = useForm<StaffUserInput>({
    id: EDIT_FORM_ID,
    lastResult,
    defaultValue: {
      email: user.email,
      role: isRole(user.role) ? user.role : undefined,
      ...Object.fromEntries([...ACCOUNT_FIELDS, ...CONTACT_FIELDS].map(([key]) => [key, user[key] ?? undefined])),
    },
    constraint: getZodConstraint(StaffUserSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: StaffUserSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <FormAlert title="Error" message={form.errors?.[0]} />
      <Section title="Account Information">
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField field={fields.email} label="Email" type="email" required autoComplete="off" />
          {roles.length > 1 ? (
            <div>
              <label htmlFor={fields.role.id} className="text-sm font-medium">
                Role
              </label>
              <select
                {...getSelectProps(fields.role)}
                className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900"
              >
                {roles.map((r) => (
                  <option key={r} value={r}>
                    {STAFF_ROLE_LABELS[r]}
                  </option>
                ))}
              </select>
              <ErrorList id={fields.role.errorId} errors={fields.role.errors} />
            </div>
          ) : (
            <p className="text-sm">
              <span className="font-medium">Role:</span> {roleLabel(user.role)}
            </p>
          )}
          {ACCOUNT_FIELDS.map(([key, label]) => (
            <TextField key={key} field={fields[key]} label={label} autoComplete="off" />
          ))}
        </div>
      </Section>
      <Section title="Contact & Location">
        <div className="grid gap-x-4 sm:grid-cols-2">
          {CONTACT_FIELDS.map(([key, label]) => (
            <TextField key={key} field={fields[key]} label={label} type={key === "phone" ? "tel" : "text"} autoComplete="off" />
          ))}
        </div>
      </Section>
    </Form>
  );
}

function AdminNotes({ user, may, editing }: { user: UserData; may: May; editing: boolean }) {
  const base = `/admin/users/${user.id}`;
  return (
    <Section title="Admin Notes">
      {editing ? (
        <Form method="post" className="space-y-2">
          <label htmlFor="admin-notes" className="sr-only">
            Admin notes
          </label>
          <textarea
            id="admin-notes"
            name="adminNotes"
            rows={5}
            maxLength={5000}
            defaultValue={user.adminNotes ?? ""}
            className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900"
          />
          <div className="flex gap-2">
            <button type="submit" name="intent" value="notes" className={buttonClass.primary}>
              Save Notes
            </button>
            <Link to={base} className={buttonClass.secondary}>
              Cancel
            </Link>
          </div>
        </Form>
      ) : (
        <>
          <p className="whitespace-pre-wrap" data-testid="admin-notes">
            {user.adminNotes || "No admin notes."}
          </p>
          {may.notes && (
            <Link to={`${base}?notes=edit`} preventScrollReset className={`mt-3 ${buttonClass.secondary}`}>
              Edit Notes
            </Link>
          )}
        </>
      )}
    </Section>
  );
}

const POLITICAL_FIELDS = [
  ["politicalAffiliation", "Political Affiliation"],
  ["governmentTrust", "Government Trust Level"],
  ["votingFrequency", "Voting Frequency"],
  ["politicalEngagement", "Political Engagement"],
  ["newsConsumption", "News Consumption"],
] as const;
const asList = (value: unknown) => (Array.isArray(value) ? (value as string[]) : []);

function PoliticalTab({ user }: { user: UserData }) {
  const issues = asList(user.primaryIssues);
  const sources = asList(user.preferredSources);
  const empty = POLITICAL_FIELDS.every(([key]) => !user[key]) && issues.length === 0 && sources.length === 0;
  return (
    <Section title="Political Profile">
      {empty ? (
        <p>Political profile not completed during registration</p>
      ) : (
        <Fields>
          {POLITICAL_FIELDS.map(([key, label]) => (
            <DetailItem key={key} label={label}>
              {user[key] ? optionLabel(key, user[key]) : "Not provided"}
            </DetailItem>
          ))}
          <DetailItem label="Primary Issues">{issues.map((v) => optionLabel("primaryIssues", v)).join(", ") || "Not provided"}</DetailItem>
          <DetailItem label="Preferred News Sources">
            {sources.map((v) => optionLabel("preferredSources", v)).join(", ") || "Not provided"}
          </DetailItem>
        </Fields>
      )}
    </Section>
  );
}

const actionLabel = (action: string) => {
  const text = action.replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
};

function ActivityTab({ user }: { user: UserData }) {
  return (
    <section aria-labelledby="activity-heading">
      <h2 id="activity-heading" className="text-lg font-semibold">
        Recent Activity
      </h2>
      <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">The {ACTIVITY_ENTRIES_SHOWN} most recent entries.</p>
      <TimeZoneNote />
      <DataTable
        caption="Recent activity"
        rows={user.activityLogs}
        rowKey={(l) => l.id}
        empty="No activity logs available"
        columns={[
          { header: "Action", cell: (l) => actionLabel(l.action) },
          { header: "Details", cell: (l) => [l.details, l.actorName && `by ${l.actorName}`].filter(Boolean).join(" ") || "—" },
          { header: "Timestamp", cell: (l) => <StaffTime value={l.timestamp} /> },
        ]}
      />
    </section>
  );
}

function SettingsTab({ user, may, failure }: { user: UserData; may: May; failure?: { message: string; typed?: string } }) {
  const role = isRole(user.role) ? user.role : null;
  const extras = user.permissions && typeof user.permissions === "object" ? Object.keys(user.permissions) : [];
  const onOff = (value: boolean) => (value ? "On" : "Off");
  return (
    <Section title="Settings">
      <Fields>
        <DetailItem label="Role">{roleLabel(user.role)}</DetailItem>
        <DetailItem label="Account Status">
          <StatusSwitch isActive={user.isActive} enabled={may.status} />
          {may.statusNote && <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{may.statusNote}</p>}
        </DetailItem>
        <DetailItem label="Authentication Method">{user.authMethod === "sso" ? "Single Sign-On" : "Email/Password"}</DetailItem>
        <DetailItem label="Two-Factor Authentication">{user.twoFactorEnabled ? "Enabled" : "Disabled"}</DetailItem>
        <DetailItem label="Permissions">
          <ul className="list-disc pl-5 text-sm">
            {role && MATRIX_ROWS.filter((row) => rowAllowed(role, row)).map((row) => <li key={row.capability}>{row.capability}</li>)}
            {extras.map((key) => (
              <li key={key}>{key} (granted to this account)</li>
            ))}
          </ul>
        </DetailItem>
        <DetailItem label="Email Notifications">{onOff(user.emailNotifications)}</DetailItem>
        <DetailItem label="SMS Notifications">{onOff(user.smsNotifications)}</DetailItem>
        <DetailItem label="Marketing Emails">{user.marketingOptIn ? "Opted in" : "Opted out"}</DetailItem>
        <DetailItem label="Account Type">Standard User</DetailItem>
      </Fields>
      {may.transfer && <TransferOwnership email={user.email} refusal={may.transferNote} failure={failure} />}
    </Section>
  );
}

/** The account status switch: a POST of the opposite value, so it works without JavaScript. */
function StatusSwitch({ isActive, enabled }: { isActive: boolean; enabled: boolean }) {
  const track = `relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent ${isActive ? "bg-green-700" : "bg-slate-400"}`;
  const knob = (
    <span
      aria-hidden="true"
      className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${isActive ? "translate-x-5" : "translate-x-0"}`}
    />
  );
  const text = <span className="font-medium">{isActive ? "Active" : "Inactive"}</span>;
  if (!enabled)
    return (
      <span className="flex items-center gap-3">
        <span role="switch" aria-checked={isActive} aria-disabled="true" aria-label="Account active" className={`${track} opacity-60`}>
          {knob}
        </span>
        {text}
      </span>
    );
  return (
    <Form method="post" className="flex items-center gap-3">
      <input type="hidden" name="isActive" value={String(!isActive)} />
      <button
        type="submit"
        name="intent"
        value="status"
        role="switch"
        aria-checked={isActive}
        aria-label="Account active"
        className={track}
      >
        {knob}
      </button>
      {text}
    </Form>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404)
    return (
      <NotFoundPage
        title={USER_NOT_FOUND}
        message="The user you are looking for does not exist or was deleted."
        back={{ to: "/admin/users", label: "Back to Users" }}
      />
    );
  return <GeneralErrorBoundary />;
}
