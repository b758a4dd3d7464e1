// /changes.atom: the latest 50 public changes as an Atom feed, with /changes's filters (decision 0023).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { atomResponse, changeEntry, siteOrigin } from "~/lib/change-feeds.server";
import { changeFeedId, changeFiltersQuery, FIELD_GROUPS, parseChangeFilters } from "~/lib/change-history";
import { latestChanges } from "~/models/change-history.server";

const badRequest = (message: string) => new Response(message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function loader({ request }: LoaderFunctionArgs) {
  const parsed = parseChangeFilters(new URL(request.url).searchParams);
  if ("error" in parsed) return badRequest(parsed.error);
  const filters = { ...parsed.filters, page: 1 };
  const changes = await latestChanges(db, filters);
  if (!changes) return badRequest(`No state has the abbreviation ${filters.stateAbbreviation}.`);
  const query = changeFiltersQuery(filters);
  const origin = siteOrigin(request);
  const scope = [filters.stateAbbreviation, filters.group && FIELD_GROUPS[filters.group].label.toLowerCase()].filter(Boolean).join(", ");
  return atomResponse(request, {
    id: changeFeedId(`changes${query}`),
    title: `Latest changes${scope ? ` (${scope})` : ""} · Civic Atlas`,
    selfPath: `/changes.atom${query}`,
    pagePath: `/changes${query}`,
    entries: changes.entries.map((e) => changeEntry(e, `${origin}${e.subject.href}/history`, e.subject.name)),
  });
}
