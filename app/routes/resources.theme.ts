// POST /resources/theme: stores the theme choice and goes back where the visitor was.
import type { ActionFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { safeRedirect } from "~/lib/safe-redirect";
import { isTheme, serializeTheme } from "~/theme.server";

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const theme = form.get("theme");
  if (!isTheme(theme)) return data({ message: "Theme must be light or dark." }, { status: 400 });
  return redirect(safeRedirect(form.get("redirectTo")), { headers: { "Set-Cookie": serializeTheme(theme) } });
}

export function loader() {
  return redirect("/");
}
