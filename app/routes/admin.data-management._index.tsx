// /admin/data-management itself shows no tab: it redirects to the viewer's default tab, or to the
// tab an older address asked for with ?tab=, keeping the other query parameters.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { DENIED, requirePermission } from "~/auth/permissions.server";
import { LegacyQuerySchema, PATH, tabFor } from "~/components/data-management/tabs";
import { parseQuery } from "~/lib/admin-users";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "page:data-management", DENIED.dashboard);
  const { tab } = tabFor(user.role, parseQuery(request.url, LegacyQuerySchema).tab);
  const search = new URL(request.url).searchParams;
  search.delete("tab");
  // 302, not 301: the default tab depends on who asks.
  return redirect(`${PATH}/${tab}${search.size ? `?${search}` : ""}`);
}
