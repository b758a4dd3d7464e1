// GET /api/admin/pending-updates-grouped: a page of pending field updates (50, newest
// first, ?after= / ?before= as the page links give them) by submitter and day; the next page's
// address is in the Link header. Admin only.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { privateJson } from "~/json-response.server";
import { pageAt, pageHref, type PageLink } from "~/lib/keyset";
import { pendingUpdatesGrouped } from "~/models/data-updates.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "data-updates:approve");
  const url = new URL(request.url);
  const { groups, previous, next } = await pendingUpdatesGrouped(db, pageAt(url.searchParams));
  const link = (page: PageLink | null, rel: string) => (page ? [`<${pageHref(url, page)}>; rel="${rel}"`] : []);
  const links = [...link(previous, "prev"), ...link(next, "next")];
  const response = privateJson(groups);
  if (links.length) response.headers.set("Link", links.join(", "));
  return response;
}
