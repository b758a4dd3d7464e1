// /admin/users/{id}: the admin user detail. Moderators and above open it;
// what each viewer may change comes from app/auth/permissions.ts, and the server re-checks every
// action. Tabs, edit mode (?edit=1), notes editing (?notes=edit) and the delete confirmation
// (?delete=1) are URLs, and every change is a POST form, so all of it works without JavaScript.
import { type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, isRouteErrorResponse, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { z } from "~/lib/zod";
import { deleteRefusal, modifyRefusal, notesRefusal, roleChangeRefusal, setActiveRefusal } from "~/auth/account-rules";
import { can } from "~/auth/permissions";
import { DENIED, requirePermission } from "~/auth/permissions.server";
import { ROLES, isRole, type Role } from "~/auth/roles";
import { DetailsTab, EDIT_FORM_ID, roleLabel } from "~/components/admin/users/details-tab";
import { ActivityTab, PoliticalTab, SettingsTab } from "~/components/admin/users/profile-tabs";
import { Badge } from "~/components/badge";
import { buttonClass, textLinkClass } from "~/components/button";
import { Dialog } from "~/components/dialog";
import { GeneralErrorBoundary, NotFoundPage } from "~/components/error-boundary";
import { FormAlert, useIsPending } from "~/components/forms";
import { Avatar } from "~/components/header";
import { TabLinks } from "~/components/tabs";
import { db } from "~/db.server";
import { readFormData } from "~/form-data.server";
import { AdminNotesSchema, StaffUserSchema, parseQuery, type StaffUserInput } from "~/lib/admin-users";
import { avatarInitial } from "~/lib/avatar";
import { Refusal } from "~/lib/refusal";
import { resendConfirmation } from "~/models/account-emails.server";
import {
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

/** What every intent of the page's action works with. */
type IntentContext = {
  formData: FormData;
  viewer: Awaited<ReturnType<typeof requirePermission>>;
  actor: { id: string; role: Role };
  id: string;
  here: string;
  fail: (status: number, failure: Omit<Failure, "intent">) => ReturnType<typeof data<Failure>>;
  /** A refused or impossible change answers with its status and the rule's text; anything else is a bug. */
  refused: (error: unknown, fallback: string, result?: Failure["result"]) => ReturnType<typeof data<Failure>>;
};

async function updateUser({ formData, actor, id, here, fail, refused }: IntentContext) {
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

async function saveNotes({ formData, actor, id, here, fail, refused }: IntentContext) {
  const parsed = AdminNotesSchema.safeParse({ adminNotes: String(formData.get("adminNotes") ?? "") });
  if (!parsed.success) return fail(400, { title: "Error", message: parsed.error.issues[0].message });
  try {
    await updateUserByStaff(db, actor, id, { adminNotes: parsed.data.adminNotes ?? null });
  } catch (error) {
    return refused(error, "Failed to update notes");
  }
  return redirectWithToast(here, { title: "Notes updated" });
}

async function setStatus({ formData, actor, id, here, fail, refused }: IntentContext) {
  const value = formData.get("isActive");
  if (value !== "true" && value !== "false") return fail(400, { title: "Error", message: "isActive must be true or false." });
  try {
    await setUserActive(db, actor, id, value === "true");
  } catch (error) {
    return refused(error, "Failed to update user status");
  }
  return redirectWithToast(`${here}?tab=settings`, { title: "Status updated" });
}

async function resendEmail({ viewer, actor, id, here, fail }: IntentContext) {
  if (!can(viewer.role, "users:update")) return fail(403, { title: "Error", message: "Forbidden: your role does not allow this." });
  try {
    if (!(await resendConfirmation(id, actor.id))) return fail(404, { title: "Error", message: USER_NOT_FOUND });
  } catch (error) {
    if (error instanceof Refusal) return fail(error.status, { title: "Error", message: error.message });
    console.error(`Resending the confirmation to user ${id} failed`, error);
    return fail(502, { title: "Error", message: "Failed to send confirmation email" });
  }
  return redirectWithToast(here, { title: "Email sent" });
}

async function transfer({ formData, actor, id, here, fail }: IntentContext) {
  const typed = String(formData.get("confirmEmail") ?? "");
  try {
    await transferOwnership(db, actor, id, typed);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return fail(error.status, { title: "Error", message: error.message, typed });
  }
  return redirectWithToast(`${here}?tab=settings`, { title: "Ownership transferred", description: "You are now an admin." });
}

async function deleteUser({ actor, id, refused }: IntentContext) {
  try {
    await deleteUserByStaff(db, actor, id);
  } catch (error) {
    return refused(error, "Failed to delete user");
  }
  return redirectWithToast("/admin/users", { title: "User deleted" });
}

const INTENTS: Record<string, (context: IntentContext) => Promise<Response | ReturnType<typeof data<Failure>>>> = {
  update: updateUser,
  notes: saveNotes,
  status: setStatus,
  resend: resendEmail,
  transfer,
  delete: deleteUser,
};

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, "page:user-detail", DENIED.dashboard);
  const id = params.id ?? "";
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  const fail: IntentContext["fail"] = (status, failure) => data<Failure>({ intent, ...failure }, { status });
  const refused: IntentContext["refused"] = (error, fallback, result) => {
    if (!(error instanceof Refusal)) throw error;
    return fail(error.status, { title: "Error", message: error.message || fallback, result });
  };
  const handler = Object.hasOwn(INTENTS, intent) ? INTENTS[intent] : null;
  if (!handler) return fail(400, { title: "Error", message: "Unknown action." });
  return handler({ formData, viewer, actor: { id: viewer.id, role: viewer.role }, id, here: `/admin/users/${id}`, fail, refused });
}

const fullName = (u: { firstName: string | null; lastName: string | null; email: string }) =>
  [u.firstName, u.lastName].filter(Boolean).join(" ") || u.email;

export default function UserDetail() {
  const { user, avatarHash, viewerRole, tab, may, editing, editingNotes, confirmingDelete } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const base = `/admin/users/${user.id}`;
  const tabUrl = (t: Tab) => (t === "details" ? base : `${base}?tab=${t}`);
  const saving = useIsPending({ fields: { intent: "update" } });
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
          <Avatar user={{ initial: avatarInitial(user), avatarHash }} />
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
