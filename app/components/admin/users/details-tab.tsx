// The Details tab of /admin/users/{id}: the account's fields, the edit form (?edit=1) and the
// admin notes (?notes=edit), each change a POST form to the page's action.
import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { STAFF_ROLE_LABELS, isRole, type Role } from "~/auth/roles";
import { Badge } from "~/components/badge";
import { buttonClass } from "~/components/button";
import { DetailItem } from "~/components/detail-item";
import { ErrorList, FormAlert, TextField } from "~/components/forms";
import { StaffTime, TimeZoneNote } from "~/components/staff-time";
import { StaffUserSchema, type StaffUserInput } from "~/lib/admin-users";
import type { action, loader } from "~/routes/admin.users.$id";

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
export type UserData = LoaderData["user"];
export type May = LoaderData["may"];

/** The edit form's id: the page header's Save Changes button submits it. */
export const EDIT_FORM_ID = "user-edit";
export const roleLabel = (role: string) => (isRole(role) ? STAFF_ROLE_LABELS[role] : role);

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function Fields({ children }: { children: ReactNode }) {
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

export function DetailsTab({ user, may, editing, editingNotes }: { user: UserData; may: May; editing: boolean; editingNotes: boolean }) {
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
