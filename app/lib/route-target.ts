// Which route a request reaches and which methods that route answers, found the way Remix finds it
// (single-fetch .data suffix, percent-decoding, any letter case, trailing slash), so a rule about a
// route (its rate limit, its methods) holds for every URL form that reaches it.
import { matchRoutes } from "@remix-run/react";

/** What this needs of a route in the Remix server build's manifest (build.routes). */
export type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module: {
    loader?: unknown;
    action?: unknown;
    default?: unknown;
    ErrorBoundary?: unknown;
    /** The methods the action takes; POST when the module does not say. */
    actionMethods?: readonly string[];
  };
};
export type Manifest = Record<string, ManifestRoute | undefined>;

export type RouteTarget = {
  /** The route's URL pattern, e.g. /api/admin/users/:id/resend-confirmation. */
  pattern: string;
  /** The methods the route answers, for Allow. */
  allow: string[];
  /** An /api/ resource route whose action declares no methods answers POST, PUT, PATCH and DELETE itself. */
  actionDecides: boolean;
};

type RouteTree = Parameters<typeof matchRoutes>[0];

/** The route tree Remix matches against, built once per server build. */
export function routeTree(manifest: Manifest): RouteTree {
  const routes = Object.values(manifest).filter((r): r is ManifestRoute => Boolean(r));
  const childrenOf = (parentId: string | undefined): RouteTree =>
    routes
      .filter((r) => r.parentId === parentId)
      .map(({ id, path, index, caseSensitive }) =>
        index ? { id, path, index: true, caseSensitive } : { id, path, caseSensitive, children: childrenOf(id) },
      );
  return childrenOf(undefined);
}

/**
 * Each route tree's answers by path: matchRoutes flattens and ranks every route on each call (about
 * half a millisecond here), and a path's answer never changes within a build. At most ANSWERS_KEPT
 * paths, then it starts again, so odd paths cannot grow it.
 */
const answered = new WeakMap<RouteTree, Map<string, RouteTarget | null>>();
const ANSWERS_KEPT = 2_000;

/** The route a request to `url` reaches, or null when no route matches. */
export function resolveRoute(manifest: Manifest, tree: RouteTree, url: URL): RouteTarget | null {
  const pathname = url.pathname.endsWith(".data") ? url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/") : url.pathname;
  const bareIndex = url.searchParams.getAll("index").includes("");
  const key = `${bareIndex ? "?index " : ""}${pathname}`;
  let answers = answered.get(tree);
  if (!answers) answered.set(tree, (answers = new Map()));
  if (answers.has(key)) return answers.get(key)!;
  if (answers.size >= ANSWERS_KEPT) answers.clear();
  const route = matchedRoute(manifest, tree, pathname, bareIndex);
  answers.set(key, route);
  return route;
}

function matchedRoute(manifest: Manifest, tree: RouteTree, pathname: string, bareIndex: boolean): RouteTarget | null {
  const matches = matchRoutes(tree, pathname);
  if (!matches?.length) return null;
  const moduleOf = (match: (typeof matches)[number]) => manifest[match.route.id!]!.module;
  const leaf = moduleOf(matches[matches.length - 1]);
  const isResource = !leaf.default && !leaf.ErrorBoundary;
  // Remix sends an action to the deepest route that adds to the path, or to the index route when
  // the query has a bare ?index; a resource route is always its own target.
  const pathMatches = matches.filter((m, i) => i === 0 || m.route.path);
  const target = isResource || bareIndex ? leaf : moduleOf(pathMatches[pathMatches.length - 1]);
  const pattern =
    "/" +
    matches
      .map((m) => m.route.path?.replace(/^\/|\/$/g, ""))
      .filter(Boolean)
      .join("/");
  const actionMethods = target.action ? [...(target.actionMethods ?? ["POST"])] : [];
  const readable = !isResource || Boolean(leaf.loader);
  return {
    pattern,
    allow: [...(readable ? ["GET", "HEAD"] : []), ...actionMethods],
    actionDecides: isResource && pattern.startsWith("/api/") && Boolean(target.action) && !target.actionMethods,
  };
}

/** Whether the route answers `method` (upper case, as Node gives it). */
export function allowsMethod(route: RouteTarget, method: string): boolean {
  if (route.allow.includes(method)) return true;
  return route.actionDecides && ["POST", "PUT", "PATCH", "DELETE"].includes(method);
}

/** Whether a route pattern lies at or under one of the given paths. */
export function isUnder(pattern: string, paths: readonly string[]): boolean {
  const lower = pattern.toLowerCase();
  return paths.some((p) => lower === p || lower.startsWith(p + "/"));
}
