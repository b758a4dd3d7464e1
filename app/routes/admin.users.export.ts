// GET /admin/users/export: the owner's Export Users download, a CSV of the 26
// columns (ID through Admin Notes) in order. A plain GET link, so it works without JavaScript; anyone else gets 403.
// The file is streamed a batch of users at a time, so a large membership never sits in memory.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { csvLines } from "~/lib/csv";
import { USER_EXPORT_HEADER, exportUserBatches } from "~/models/admin-users.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireApiPermission(request, "users:export");
  const batches = exportUserBatches(db);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvLines([USER_EXPORT_HEADER])));
    },
    // The next batch is read only once the client has taken the previous ones, so a slow download
    // holds a batch or two in memory, not the file. Between batches the event loop gets a turn: the
    // socket is written then (Node sends a write on its next tick, and the database's answers arrive
    // as promises, which would otherwise run every batch first).
    async pull(controller) {
      await new Promise((resolve) => setImmediate(resolve));
      if (!(await context.whenWritable())) {
        await batches.return(undefined);
        return controller.close();
      }
      const batch = await batches.next();
      if (batch.done) controller.close();
      else controller.enqueue(encoder.encode(csvLines(batch.value)));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  const date = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="users_export_${date}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
