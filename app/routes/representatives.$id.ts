// /representatives/{id}: the other reading of the profile path; a permanent redirect.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

export function loader({ params, request }: LoaderFunctionArgs) {
  const search = new URL(request.url).search;
  return redirect(`/representative/${encodeURIComponent(params.id ?? "")}${search}`, 301);
}
