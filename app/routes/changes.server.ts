// The server half of /changes (app/routes/changes.tsx): the latest changes, filtered from the URL.
// One .server module per page keeps its browser bundle free of server stubs (decision 0027).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { db } from "~/db.server";
import { parseChangeFilters } from "~/lib/change-history";
import { latestChanges, stateChoices } from "~/models/change-history.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const parsed = parseChangeFilters(new URL(request.url).searchParams);
  if ("error" in parsed) throw data({ message: parsed.error }, { status: 400 });
  const { filters } = parsed;
  const [changes, states] = await Promise.all([latestChanges(db, filters), stateChoices(db)]);
  if (!changes) throw data({ message: `No state has the abbreviation ${filters.stateAbbreviation}.` }, { status: 400 });
  if (filters.page > changes.pageCount)
    throw data({ message: `This list has ${changes.pageCount} page(s); there is no page ${filters.page}.` }, { status: 404 });
  return { filters, changes, states };
}
