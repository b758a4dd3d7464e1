// GET /api/login[?provider=]: starts single sign-on. Providers are enabled by their client id
// and secret in the environment; until one is configured this page says so plainly.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { SSO_PROVIDERS } from "~/lib/sso-providers";

export const meta: MetaFunction = () => [{ title: "Single sign-on · Civic Atlas" }];

export function loader({ request }: LoaderFunctionArgs) {
  const provider = new URL(request.url).searchParams.get("provider");
  const known = SSO_PROVIDERS.find((p) => p.id === provider);
  if (provider && !known) throw data({ message: `Unknown sign-in provider "${provider}".` }, { status: 400 });
  return data({ provider: known?.label ?? null }, { status: provider ? 503 : 200 });
}

export default function SsoLogin() {
  const { provider } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Single sign-on</h1>
      <p className="mt-4">
        {provider ? `Signing in with ${provider} is not available yet.` : "Signing in with Google, GitHub or Microsoft is not available yet."} Please sign in with
        your email and password, or create an account.
      </p>
      <div className="mt-6 flex justify-center gap-4">
        <a href="/sign-in" className="font-medium text-blue-700 underline dark:text-blue-300">
          Sign in with email
        </a>
        <Link to="/register?method=email" className="font-medium text-blue-700 underline dark:text-blue-300">
          Create an account
        </Link>
      </div>
    </div>
  );
}
