import { describe, expect, test } from "vitest";
import { allowsMethod, isUnder, resolveRoute, routeTree, type Manifest } from "./route-target";

const page = () => null;
const fn = () => null;
// The shapes of the Remix server build's manifest (build.routes).
const manifest: Manifest = {
  root: { id: "root", path: "", module: { default: page, loader: fn, ErrorBoundary: page } },
  "routes/_index": { id: "routes/_index", parentId: "root", index: true, module: { default: page, loader: fn } },
  "routes/contact": { id: "routes/contact", parentId: "root", path: "contact", module: { default: page, loader: fn, action: fn } },
  "routes/our-mission": { id: "routes/our-mission", parentId: "root", path: "our-mission", module: { default: page } },
  "routes/api.leads": { id: "routes/api.leads", parentId: "root", path: "api/leads", module: { action: fn } },
  "routes/api.profile": {
    id: "routes/api.profile",
    parentId: "root",
    path: "api/profile",
    module: { loader: fn, action: fn, actionMethods: ["PATCH"] },
  },
  "routes/api.representatives": { id: "routes/api.representatives", parentId: "root", path: "api/representatives", module: { loader: fn } },
  "routes/api.representatives.$id": {
    id: "routes/api.representatives.$id",
    parentId: "routes/api.representatives",
    path: ":id",
    module: { loader: fn },
  },
  "routes/resources.theme": { id: "routes/resources.theme", parentId: "root", path: "resources/theme", module: { action: fn, loader: fn } },
  "routes/healthz": { id: "routes/healthz", parentId: "root", path: "healthz", module: { loader: fn } },
  "routes/$": { id: "routes/$", parentId: "root", path: "*", module: { default: page, loader: fn, ErrorBoundary: page } },
};
const tree = routeTree(manifest);
const resolve = (url: string) => resolveRoute(manifest, tree, new URL(url, "http://localhost"));

describe("resolveRoute", () => {
  test("every URL form of a route reaches the same pattern", () => {
    for (const url of ["/contact", "/contact/", "/CONTACT", "/%63ontact", "/contact.data", "/contact.data?_routes=root", "/Contact.data"]) {
      expect(resolve(url)?.pattern, url).toBe("/contact");
    }
    expect(resolve("/api/l%65ads")?.pattern).toBe("/api/leads");
    expect(resolve("/api/representatives/12")?.pattern).toBe("/api/representatives/:id");
    expect(resolve("/no/such/page")?.pattern).toBe("/*");
    expect(resolve("/_root.data")?.pattern).toBe("/");
  });

  test("answers stay right for paths asked before, and after more odd paths than are kept", () => {
    expect(resolve("/contact")?.pattern).toBe("/contact");
    for (let i = 0; i < 2_500; i++) expect(resolve(`/api/representatives/${i}`)?.pattern).toBe("/api/representatives/:id");
    expect(resolve("/contact")?.pattern).toBe("/contact");
    expect(resolve("/contact")?.allow).toEqual(["GET", "HEAD", "POST"]);
    expect(resolve("/api/representatives/7")?.pattern).toBe("/api/representatives/:id");
    expect(resolve("/no/such/page")?.pattern).toBe("/*");
  });

  test("a page answers GET and HEAD, and POST only when it has an action", () => {
    expect(resolve("/contact")?.allow).toEqual(["GET", "HEAD", "POST"]);
    expect(resolve("/our-mission")?.allow).toEqual(["GET", "HEAD"]);
    expect(resolve("/no/such/page")?.allow).toEqual(["GET", "HEAD"]);
    expect(allowsMethod(resolve("/contact")!, "PUT")).toBe(false);
    expect(allowsMethod(resolve("/contact.data")!, "DELETE")).toBe(false);
    expect(allowsMethod(resolve("/contact")!, "OPTIONS")).toBe(false);
  });

  test("the home page's action belongs to the root unless the query has a bare ?index", () => {
    expect(resolve("/")?.allow).toEqual(["GET", "HEAD"]);
    const withIndex = { ...manifest, "routes/_index": { ...manifest["routes/_index"]!, module: { default: page, action: fn } } };
    const withIndexTree = routeTree(withIndex);
    expect(resolveRoute(withIndex, withIndexTree, new URL("http://localhost/"))?.allow).toEqual(["GET", "HEAD"]);
    expect(resolveRoute(withIndex, withIndexTree, new URL("http://localhost/?index"))?.allow).toEqual(["GET", "HEAD", "POST"]);
  });

  test("a resource route answers GET only with a loader, and its action's declared methods", () => {
    expect(resolve("/api/leads")?.allow).toEqual(["POST"]);
    expect(resolve("/api/profile")?.allow).toEqual(["GET", "HEAD", "PATCH"]);
    expect(allowsMethod(resolve("/api/profile")!, "POST")).toBe(false);
    expect(resolve("/healthz")?.allow).toEqual(["GET", "HEAD"]);
    expect(allowsMethod(resolve("/resources/theme")!, "DELETE")).toBe(false);
  });

  test("an /api/ action that declares no methods answers the writing methods itself; GET and OPTIONS never reach it", () => {
    const leads = resolve("/api/leads")!;
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) expect(allowsMethod(leads, method)).toBe(true);
    expect(allowsMethod(leads, "GET")).toBe(false);
    expect(allowsMethod(leads, "OPTIONS")).toBe(false);
    expect(allowsMethod(resolve("/api/representatives/1")!, "POST")).toBe(false);
  });
});

describe("isUnder", () => {
  test("a pattern at or below a listed path, in any case", () => {
    expect(isUnder("/api/admin/users/:id/resend-confirmation", ["/api/admin/users"])).toBe(true);
    expect(isUnder("/sign-in", ["/sign-in"])).toBe(true);
    expect(isUnder("/sign-in-help", ["/sign-in"])).toBe(false);
    expect(isUnder("/*", ["/sign-in"])).toBe(false);
  });
});
