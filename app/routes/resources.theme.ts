// POST /resources/theme: stores the theme choice and goes back where the visitor was.
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { env } from "~/env.server";
import { readFormData } from "~/form-data.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { isTheme, serializeTheme } from "~/theme.server";
import { jsonError } from "~/json-response.server";

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const theme = form.get("theme");
  // A resource route answers with its own Response: data() would lose the status here.
  if (!isTheme(theme)) return jsonError(400, "Theme must be light or dark.");
  return redirect(safeRedirect(form.get("redirectTo"), env().APP_URL), { headers: { "Set-Cookie": serializeTheme(theme) } });
}

export function loader() {
  return redirect("/");
}
