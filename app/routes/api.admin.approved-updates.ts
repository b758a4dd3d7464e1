// GET /api/admin/approved-updates: a page of approved and rejected field updates (50,
// most recently decided first, ?after= / ?before= as the page links give them) grouped by decision
// day, submitter and record (the Pending Updates tab's history); the next page's address is in
// the Link header. Admin only.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "~/auth/permissions.server";
import { db } from "~/db.server";
import { privateJson } from "~/json-response.server";
import { pageAt, pageHref, type PageLink } from "~/lib/keyset";
import { decidedUpdates } from "~/models/data-updates.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "data-updates:approve");
  const url = new URL(request.url);
  const { groups, previous, next } = await decidedUpdates(db, pageAt(url.searchParams));
  const link = (page: PageLink | null, rel: string) => (page ? [`<${pageHref(url, page)}>; rel="${rel}"`] : []);
  const links = [...link(previous, "prev"), ...link(next, "next")];
  const response = privateJson(groups);
  if (links.length) response.headers.set("Link", links.join(", "));
  return response;
}
