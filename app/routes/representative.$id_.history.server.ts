// The server half of /representative/{id}/history (app/routes/representative.$id_.history.tsx): one
// page of the official's changes. One .server module per page keeps its browser bundle free of
// server stubs (decision 0027).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { db } from "~/db.server";
import { PAGE_MESSAGE, parsePage } from "~/lib/change-history";
import { IdParam } from "~/lib/route-params.server";
import { historyOfficial, recordHistory } from "~/models/change-history.server";
import { OFFICIAL_NOT_FOUND } from "~/lib/not-found";

export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = IdParam.safeParse(params.id);
  const official = id.success ? await historyOfficial(db, id.data) : null;
  if (!official) throw data({ message: OFFICIAL_NOT_FOUND }, { status: 404 });
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  if (page === null) throw data({ message: PAGE_MESSAGE }, { status: 400 });
  const history = await recordHistory(db, "official", official.id, page);
  if (page > history.pageCount)
    throw data({ message: `This history has ${history.pageCount} page(s); there is no page ${page}.` }, { status: 404 });
  return { official, history };
}
