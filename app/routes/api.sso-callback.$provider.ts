// GET /api/sso-callback/{provider}: where the provider sends the visitor back. Creates or finds
// the account (app/models/users.server.ts findOrCreateSsoUser), stores the provider's picture
// (app/auth/sso-avatar.server.ts) and signs in. The provider redirects with a GET, so this is the
// one sign-in that writes on a GET.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { createSession } from "~/auth/session.server";
import { storeSsoAvatar } from "~/auth/sso-avatar.server";
import { isSsoConfigured, ssoStrategy } from "~/auth/sso.server";
import { db } from "~/db.server";
import { Refusal } from "~/lib/refusal";
import { signInErrorText } from "~/lib/sign-in-errors";
import { SSO_PROVIDERS } from "~/lib/sso-providers";
import { findOrCreateSsoUser, recordSignIn } from "~/models/users.server";
import { redirectWithToast } from "~/toast.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const provider = SSO_PROVIDERS.find((p) => p.id === params.provider);
  if (!provider || !isSsoConfigured(provider.id)) return redirect("/api/login");
  try {
    const profile = await ssoStrategy(provider.id).authenticate(request);
    const user = await findOrCreateSsoUser(db, provider.id, profile, context.ipAddress);
    await recordSignIn(db, user.id, context.ipAddress);
    await storeSsoAvatar(db, user.id, profile.imageUrl, request.signal);
    const { cookie } = await createSession(user.id, {
      ipAddress: context.ipAddress ?? undefined,
      userAgent: request.headers.get("user-agent") ?? undefined,
    });
    const headers = new Headers({ "Set-Cookie": cookie });
    headers.append("Set-Cookie", `ca_oauth_${provider.id}=; Path=/; Max-Age=0`);
    return redirect("/", { headers });
  } catch (error) {
    if (error instanceof Response) throw error;
    const message =
      error instanceof Refusal ? signInErrorText(error.message) : `We could not sign you in with ${provider.label}. Please try again.`;
    if (!(error instanceof Refusal)) console.error(`SSO with ${provider.id} failed`, error);
    return redirectWithToast("/sign-in", { title: "Sign In Failed", description: message, variant: "destructive" });
  }
}
