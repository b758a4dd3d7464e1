// GET /api/search?q=: the search box's dropdown, ranked like the page (app/lib/search.ts).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { jsonError, jsonWithEtag } from "~/json-response.server";
import { isSearchable, rankSearch, SEARCH_MIN_CHARS } from "~/lib/search";
import { searchCandidates } from "~/models/officials.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams.get("q") ?? "";
  if (!isSearchable(q)) return jsonError(400, `Search needs at least ${SEARCH_MIN_CHARS} characters.`);
  if (q.length > 100) return jsonError(400, "Search for at most 100 characters.");
  return jsonWithEtag(request, { results: rankSearch(await searchCandidates(db), q) });
}
