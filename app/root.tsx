import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Footer } from "~/components/footer";
import { Header } from "~/components/header";
import { RoleRibbon } from "~/components/role-ribbon";
import { useNonce } from "~/components/nonce";
import { ThemeScript, useTheme } from "~/components/theme-toggle";
import { Toaster } from "~/components/toaster";
import { announceHydrated } from "~/lib/hydration";
import stylesheet from "~/styles/tailwind.css";
import { loader } from "./root.server";

export { loader };

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "Civic Atlas: find your elected officials" },
  {
    name: "description",
    content: "A nonpartisan map of the governors, U.S. senators and House representatives of every state.",
  },
];

export const useRootData = () => useRouteLoaderData<typeof loader>("root");

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRootData();
  const nonce = useNonce();
  const theme = useTheme();
  useEffect(announceHydrated, []);
  return (
    <html lang="en" className={theme ?? "system"} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <ThemeScript nonce={nonce} theme={rootData?.theme ?? null} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-white text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2 focus:text-slate-900"
        >
          Skip to content
        </a>
        <RoleRibbon role={rootData?.user?.role} wayIn={rootData?.staffLinks.ribbon ?? null} />
        <Header user={rootData?.user ?? null} dashboardLink={rootData?.staffLinks.dashboard ?? false} />
        {/* The page's one toast region, after main: see Toaster for the flex order that puts its inline toast under the header. */}
        <Toaster toast={rootData?.toast ?? null}>
          <main id="main" className="order-1 flex-1">
            {children}
          </main>
        </Toaster>
        <Footer signedIn={Boolean(rootData?.user)} year={rootData?.year ?? new Date().getFullYear()} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
