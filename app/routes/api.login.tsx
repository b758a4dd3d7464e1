// GET /api/login[?provider=]: starts single sign-on. With a configured provider it
// redirects to the provider's sign-in; without one it lists the configured providers, and an
// unconfigured provider gets a clear message rather than an error page.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { configuredSsoProviders, isSsoConfigured, ssoStrategy } from "~/auth/sso.server";
import { SSO_PROVIDERS } from "~/lib/sso-providers";
import { linkClass } from "~/components/button";

export const meta: MetaFunction = () => [{ title: "Single sign-on · Civic Atlas" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const provider = new URL(request.url).searchParams.get("provider");
  const configured = configuredSsoProviders();
  if (!provider) return { configured, unavailable: null };
  const known = SSO_PROVIDERS.find((p) => p.id === provider);
  if (!known) throw data({ message: `Unknown sign-in provider "${provider}".` }, { status: 400 });
  if (!isSsoConfigured(known.id)) return data({ configured, unavailable: known.label }, { status: 503 });
  // Throws the redirect to the provider, with the state and PKCE verifier in a cookie.
  await ssoStrategy(known.id).authenticate(request);
  throw new Error("The sign-in strategy did not redirect.");
}

export default function SsoLogin() {
  const { configured, unavailable } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Single sign-on</h1>
      {unavailable && <p className="mt-4">Signing in with {unavailable} is not available yet.</p>}
      {configured.length > 0 ? (
        <>
          <p className="mt-4">Continue with:</p>
          <ul className="mt-3 grid gap-2">
            {configured.map((p) => (
              <li key={p.id}>
                <a
                  href={`/api/login?provider=${p.id}`}
                  className="block rounded-md border border-slate-300 px-3 py-2 font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
                >
                  {p.label}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-4">Single sign-on is not set up on this site yet.</p>
      )}
      <p className="mt-6">
        Or{" "}
        <a href="/sign-in" className={`font-medium ${linkClass}`}>
          sign in with your email
        </a>{" "}
        or{" "}
        <Link to="/register?method=email" className={`font-medium ${linkClass}`}>
          create an account
        </Link>
        .
      </p>
    </div>
  );
}
