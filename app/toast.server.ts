// Toasts ride on a flash cookie across the redirect and are rendered by the server, so they
// show without JavaScript. At most one is kept, as at most one is visible.
import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { z } from "~/lib/zod";
import { env } from "~/env.server";

export const ToastSchema = z.object({
  title: z.string(),
  description: z.string().optional(),
  variant: z.enum(["default", "destructive"]).default("default"),
});
export type Toast = z.infer<typeof ToastSchema>;

const storage = createCookieSessionStorage({
  cookie: {
    name: "ca_toast",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env().NODE_ENV === "production",
    secrets: [env().SESSION_SECRET],
  },
});

export async function toastHeaders(toast: z.input<typeof ToastSchema>) {
  const session = await storage.getSession();
  session.flash("toast", ToastSchema.parse(toast));
  return { "Set-Cookie": await storage.commitSession(session) };
}

export async function redirectWithToast(url: string, toast: z.input<typeof ToastSchema>, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", (await toastHeaders(toast))["Set-Cookie"]);
  return redirect(url, { ...init, headers });
}

/** Reads and clears the pending toast. The Set-Cookie only clears a cookie; no data is written. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: HeadersInit | null }> {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes("ca_toast=")) return { toast: null, headers: null };
  const session = await storage.getSession(cookie);
  const parsed = ToastSchema.safeParse(session.get("toast"));
  return {
    toast: parsed.success ? parsed.data : null,
    headers: { "Set-Cookie": await storage.destroySession(session) },
  };
}
