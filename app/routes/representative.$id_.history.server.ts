// The server half of /representative/{id}/history (app/routes/representative.$id_.history.tsx): one
// page of the official's changes. One .server module per page keeps its browser bundle free of
// server stubs (decision 0027).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { db } from "~/db.server";
import { IdParam } from "~/lib/route-params.server";
import { historyOfficial, askedHistoryPage } from "~/models/change-history.server";
import { OFFICIAL_NOT_FOUND } from "~/lib/not-found";

export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = IdParam.safeParse(params.id);
  const official = id.success ? await historyOfficial(db, id.data) : null;
  if (!official) throw data({ message: OFFICIAL_NOT_FOUND }, { status: 404 });
  const asked = await askedHistoryPage(db, "official", official.id, new URL(request.url));
  if ("refusal" in asked) throw data({ message: asked.refusal.message }, { status: asked.refusal.status });
  return { official, history: asked.history };
}
