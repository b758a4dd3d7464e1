// GET /api/admin/users (the users, newest first; optional q, role, status filters) and POST
// /api/admin/users (Add User: {email, firstName, lastName, role}). Admins only.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { readJson } from "~/json-body.server";
import { jsonError } from "~/json-response.server";
import { NewUserSchema, UserListQuerySchema, parseQuery } from "~/lib/admin-users";
import { addUser } from "~/models/account-emails.server";
import { findUsers } from "~/models/admin-users.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "users:view");
  const { page: _page, ...filters } = parseQuery(request.url, UserListQuerySchema);
  return Response.json(await findUsers(db, filters), { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use GET or POST.");
  const actor = await requireApiPermission(request, "users:create");
  const input = await readJson(request, NewUserSchema.strict());
  const { user, emailSent } = await addUser(actor, input);
  return Response.json({ message: "New user has been created successfully.", user, emailSent }, { status: 201 });
}
