// /admin/users: the user list for admins. Search and filters are a GET form,
// pages are links; Add User (?add=1) and the permissions matrix (?matrix=1) are dialogs with
// JavaScript and open sections without; Export Users is a plain download link for the owner.
import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { MATRIX_NOTES, MATRIX_ROWS, assignableRoles, rowAllowed } from "~/auth/account-rules";
import { can } from "~/auth/permissions";
import { DENIED, requirePermission } from "~/auth/permissions.server";
import { ROLES, STAFF_ROLE_LABELS, isRole, type Role } from "~/auth/roles";
import { Badge } from "~/components/badge";
import { buttonClass, textLinkClass } from "~/components/button";
import { DataTable, Pagination } from "~/components/data-table";
import { Dialog } from "~/components/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, FormAlert, TextField, useIsPending } from "~/components/forms";
import { db } from "~/db.server";
import { readFormData } from "~/form-data.server";
import { NewUserSchema, UserListQuerySchema, parseQuery } from "~/lib/admin-users";
import { EmailText } from "~/components/email-text";
import { StaffTime, TimeZoneNote } from "~/components/staff-time";
import { Refusal } from "~/lib/refusal";
import { addUser } from "~/models/account-emails.server";
import { listUsers } from "~/models/admin-users.server";
import { redirectWithToast } from "~/toast.server";

export const meta: MetaFunction = () => [{ title: "User Management · Civic Atlas" }];

const MATRIX_ROLES: Role[] = ["owner", "admin", "moderator", "user"];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "page:users", DENIED.userManagement);
  const query = parseQuery(request.url, UserListQuerySchema);
  const params = new URL(request.url).searchParams;
  return {
    list: await listUsers(db, query),
    query,
    viewerRole: user.role,
    assignable: assignableRoles(user.role),
    showAdd: params.get("add") === "1" && can(user.role, "users:create"),
    showMatrix: params.get("matrix") === "1",
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requirePermission(request, "users:create", DENIED.userManagement);
  const submission = parseWithZod(await readFormData(request), { schema: NewUserSchema });
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0] ?? "Failed to create user";
    return data({ title: "Validation Error", result: submission.reply({ formErrors: [first] }) }, { status: 400 });
  }
  try {
    const { emailSent } = await addUser(actor, submission.value);
    return redirectWithToast("/admin/users", {
      title: "User created",
      description: emailSent
        ? "New user has been created successfully."
        : "New user has been created successfully, but the email with the password link could not be sent. They can use Forgot password? on the sign-in page.",
    });
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return data({ title: "Error", result: submission.reply({ formErrors: [error.message] }) }, { status: error.status });
  }
}

export default function UserList() {
  const { list, query, viewerRole, assignable, showAdd, showMatrix } = useLoaderData<typeof loader>();
  const location = useLocation();
  const withParam = (key: string) => {
    const params = new URLSearchParams(location.search);
    params.set(key, "1");
    return `?${params}`;
  };
  const closeTo = (() => {
    const params = new URLSearchParams(location.search);
    params.delete("add");
    params.delete("matrix");
    return `/admin/users${params.size ? `?${params}` : ""}`;
  })();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Link to="/admin" className={`text-sm ${textLinkClass}`}>
        ← Back to Dashboard
      </Link>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">User Management</h1>
        <div className="flex flex-wrap gap-2">
          <Link to={withParam("matrix")} preventScrollReset className={buttonClass.secondary}>
            Permissions Matrix
          </Link>
          {can(viewerRole, "users:export") && (
            // A document request: the browser downloads the CSV.
            <a href="/admin/users/export" download className={buttonClass.secondary}>
              Export Users
            </a>
          )}
          {can(viewerRole, "users:create") && (
            <Link to={withParam("add")} preventScrollReset className={buttonClass.primary}>
              Add User
            </Link>
          )}
        </div>
      </div>

      {showAdd && (
        <Dialog title="Add User" closeTo={closeTo}>
          <AddUserForm assignable={assignable} closeTo={closeTo} />
        </Dialog>
      )}
      {showMatrix && (
        <Dialog title="Permissions Matrix" closeTo={closeTo} wide>
          <PermissionsMatrix />
        </Dialog>
      )}

      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3" role="search" aria-label="Users">
        <div className="min-w-64 flex-1">
          <label htmlFor="user-search" className="text-sm font-medium">
            Search by name or email
          </label>
          <input
            id="user-search"
            type="search"
            name="q"
            defaultValue={query.q ?? ""}
            maxLength={200}
            className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900"
          />
        </div>
        <div>
          <label htmlFor="role-filter" className="text-sm font-medium">
            Role
          </label>
          <select
            id="role-filter"
            name="role"
            defaultValue={query.role ?? ""}
            className="mt-1 block rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900"
          >
            <option value="">All roles</option>
            {[...ROLES].reverse().map((r) => (
              <option key={r} value={r}>
                {STAFF_ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="status-filter" className="text-sm font-medium">
            Status
          </label>
          <select
            id="status-filter"
            name="status"
            defaultValue={query.status ?? ""}
            className="mt-1 block rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900"
          >
            <option value="">All statuses</option>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </select>
        </div>
        <button type="submit" className={buttonClass.primary}>
          Search
        </button>
        {(query.q || query.role || query.status) && (
          <Link to="/admin/users" className={buttonClass.secondary}>
            Clear
          </Link>
        )}
      </Form>

      <div className="mt-6">
        <DataTable
          caption="Users"
          rows={list.users}
          rowKey={(u) => u.id}
          empty="No users found"
          columns={[
            {
              header: "Name",
              cell: (u) => (
                <Link to={`/admin/users/${u.id}`} className={textLinkClass}>
                  {[u.firstName, u.lastName].filter(Boolean).join(" ") || "(no name)"}
                </Link>
              ),
            },
            { header: "Email", cell: (u) => <EmailText email={u.email} /> },
            { header: "Role", cell: (u) => <Badge>{isRole(u.role) ? STAFF_ROLE_LABELS[u.role] : u.role}</Badge> },
            {
              header: "Status",
              cell: (u) => <Badge tone={u.isActive ? "good" : "bad"}>{u.isActive ? "Active" : "Inactive"}</Badge>,
            },
            {
              header: "Email status",
              cell: (u) => <Badge tone={u.emailConfirmed ? "good" : "warn"}>{u.emailConfirmed ? "Verified" : "Unverified"}</Badge>,
            },
            { header: "Created", cell: (u) => <StaffTime value={u.createdAt} /> },
            { header: "Last Login", cell: (u) => <StaffTime value={u.lastLogin} /> },
          ]}
        />
        <Pagination page={list.page} pageCount={list.pageCount} total={list.total} search={location.search} />
        <TimeZoneNote />
      </div>
    </div>
  );
}

function AddUserForm({ assignable, closeTo }: { assignable: Role[]; closeTo: string }) {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: { role: "user" },
    constraint: getZodConstraint(NewUserSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewUserSchema }),
  });
  const pending = useIsPending({ formMethod: "POST" });
  // The "Validation Error: Email is required" alert, whether the browser or the server found it.
  const alert = form.errors?.length
    ? { title: actionData?.title ?? "Error", message: form.errors[0] }
    : { title: "Validation Error", message: fields.email.errors?.[0] };
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-2">
      <FormAlert title={alert.title} message={alert.message} />
      <p className="text-sm text-slate-700 dark:text-slate-300">
        The new user receives an email with a link to set a password. The link works once and is valid for 7 days.
      </p>
      <TextField field={fields.email} label="Email" type="email" required autoComplete="off" />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField field={fields.firstName} label="First name" autoComplete="off" />
        <TextField field={fields.lastName} label="Last name" autoComplete="off" />
      </div>
      <div>
        <label htmlFor={fields.role.id} className="text-sm font-medium">
          Role
        </label>
        <select
          {...getSelectProps(fields.role)}
          className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900"
        >
          {assignable.map((r) => (
            <option key={r} value={r}>
              {STAFF_ROLE_LABELS[r]}
            </option>
          ))}
        </select>
        <ErrorList id={fields.role.errorId} errors={fields.role.errors} />
      </div>
      <div className="flex justify-end gap-2 pt-2">
        <Link to={closeTo} replace preventScrollReset className={buttonClass.secondary}>
          Cancel
        </Link>
        <button type="submit" className={buttonClass.primary} disabled={pending}>
          {pending ? "Creating..." : "Create User"}
        </button>
      </div>
    </Form>
  );
}

/** The permissions matrix (each capability against the four roles), each cell computed from app/auth/permissions.ts. */
function PermissionsMatrix() {
  // On a phone the four role columns are what matters: the area shows above the capability instead of
  // in its own column, and a line says the table scrolls sideways when it still does not fit.
  return (
    <div>
      <p className="mb-2 text-xs text-slate-600 sm:hidden dark:text-slate-400">Scroll the table sideways to see every role.</p>
      {/* A region that scrolls must take focus, so a keyboard can scroll it too. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="overflow-x-auto" role="region" aria-label="Permissions by role" tabIndex={0}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Who may do what, by role</caption>
          <thead className="bg-slate-50 text-xs sm:uppercase sm:tracking-wide dark:bg-slate-800">
            <tr>
              <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                Area
              </th>
              <th scope="col" className="px-2 py-2 sm:px-3">
                Capability
              </th>
              {MATRIX_ROLES.map((r) => (
                <th key={r} scope="col" className="px-1 py-2 text-center sm:px-3">
                  {STAFF_ROLE_LABELS[r]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
            {MATRIX_ROWS.map((row) => (
              <tr key={row.capability}>
                <td className="hidden px-3 py-2 font-medium sm:table-cell">{row.area}</td>
                <th scope="row" className="px-2 py-2 font-normal sm:px-3">
                  <span className="block w-24 break-words sm:w-auto">
                    <span className="block text-xs font-medium text-slate-600 sm:hidden dark:text-slate-400" aria-hidden="true">
                      {row.area}
                    </span>
                    {row.capability}
                  </span>
                </th>
                {MATRIX_ROLES.map((r) => (
                  <td key={r} className="px-1 py-2 text-center sm:px-3">
                    {rowAllowed(r, row) ? (
                      <span className="font-semibold text-green-800 dark:text-green-300">Yes</span>
                    ) : (
                      <span className="text-slate-600 dark:text-slate-400">No</span>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3 className="mt-4 font-semibold">Notes</h3>
      <ul className="mt-1 list-disc space-y-1 pl-6 text-sm">
        {MATRIX_NOTES.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
