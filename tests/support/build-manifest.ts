// The route manifest of the production browser build (public/build/manifest-*.js): every route's
// module and imports, whether it has a loader, and its path as Remix matches it.
import { readdirSync, readFileSync } from "node:fs";

const BUILD = "public/build";

export type BuiltRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  hasLoader: boolean;
};

export function browserManifest(): { routes: Record<string, BuiltRoute> } {
  const file = readdirSync(BUILD).find((f) => f.startsWith("manifest-"));
  if (!file) throw new Error("No browser build: run `npm run build`.");
  return JSON.parse(
    readFileSync(`${BUILD}/${file}`, "utf8")
      .replace(/^window\.__remixManifest=/, "")
      .replace(/;\s*$/, ""),
  );
}

/** A route's whole URL pattern, its parents' paths joined: "/representative/:id/history.atom". */
export function routePattern(routes: Record<string, BuiltRoute>, id: string): string {
  const parts: string[] = [];
  for (let route: BuiltRoute | undefined = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    if (route.path) parts.unshift(route.path);
  }
  return `/${parts.join("/")}`;
}
