// GET /admin/users/export: the owner's Export Users download (spec 2 §6), a CSV of the 26
// columns in order. A plain GET link, so it works without JavaScript; anyone else gets 403.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { toCsv } from "~/lib/csv";
import { exportUsers } from "~/models/admin-users.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "users:export");
  const { header, rows } = await exportUsers(db);
  const date = new Date().toISOString().slice(0, 10);
  return new Response(toCsv(header, rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="users_export_${date}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
