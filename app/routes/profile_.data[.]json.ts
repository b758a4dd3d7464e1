// GET /profile/data.json: "Download my data", the signed-in user's own data as a JSON file. Signed
// out: sign-in, then back here. Never cached: it is personal.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/session.server";
import { db } from "~/db.server";
import { myData } from "~/models/my-data.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return Response.json(await myData(db, user.id), {
    headers: {
      "Content-Disposition": 'attachment; filename="civic-atlas-my-data.json"',
      "Cache-Control": "private, no-store",
    },
  });
}
