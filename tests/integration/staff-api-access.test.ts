// Who may make each back-office call (app/auth/permissions.ts), enforced by the server:
// 401 signed out, 403 for a role without the permission, the call's own answer otherwise. Writes
// aim at ids that do not exist, so an allowed write answers 404 and changes nothing.
import { beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { callRoute, cookieFor } from "../support/route-calls";

type Who = "signed out" | "user" | "moderator" | "admin" | "owner";
const EVERYONE: Who[] = ["signed out", "user", "moderator", "admin", "owner"];
const STAFF: Who[] = ["moderator", "admin", "owner"];
const ADMINS: Who[] = ["admin", "owner"];
const NONE = "999999";

type Call = {
  call: string;
  route: () => Promise<Record<string, unknown>>;
  handler: "loader" | "action";
  params?: () => Record<string, string>;
  body?: unknown;
  allowed: Who[];
  /** The status an allowed caller gets. */
  status: number;
};

let vermontId = "";
let officialId = "";
beforeAll(async () => {
  vermontId = String((await db.state.findUniqueOrThrow({ where: { abbreviation: "VT" } })).id);
  officialId = String((await db.official.findFirstOrThrow({ where: { office: "Senator" } })).id);
});

const CALLS: Call[] = [
  {
    call: "GET /api/admin/data-updates",
    route: () => import("~/routes/api.admin.data-updates"),
    handler: "loader",
    allowed: STAFF,
    status: 200,
  },
  {
    call: "POST /api/admin/data-updates/{id}/approve",
    route: () => import("~/routes/api.admin.data-updates.$updateId.approve"),
    handler: "action",
    params: () => ({ updateId: NONE }),
    allowed: ADMINS,
    status: 404,
  },
  {
    call: "POST /api/admin/data-updates/{id}/reject",
    route: () => import("~/routes/api.admin.data-updates.$updateId.reject"),
    handler: "action",
    params: () => ({ updateId: NONE }),
    body: { notes: "no" },
    allowed: ADMINS,
    status: 404,
  },
  {
    call: "POST /api/admin/data-updates/bulk-approve",
    route: () => import("~/routes/api.admin.data-updates.bulk-approve"),
    handler: "action",
    body: { updateIds: [Number(NONE)] },
    allowed: ADMINS,
    status: 404,
  },
  {
    call: "POST /api/admin/data-updates/bulk-reject",
    route: () => import("~/routes/api.admin.data-updates.bulk-reject"),
    handler: "action",
    body: { updateIds: [Number(NONE)], notes: "no" },
    allowed: ADMINS,
    status: 404,
  },
  {
    call: "GET /api/admin/pending-updates-grouped",
    route: () => import("~/routes/api.admin.pending-updates-grouped"),
    handler: "loader",
    allowed: ADMINS,
    status: 200,
  },
  {
    call: "GET /api/admin/submitted-updates",
    route: () => import("~/routes/api.admin.submitted-updates"),
    handler: "loader",
    allowed: STAFF,
    status: 200,
  },
  {
    call: "GET /api/admin/approved-updates",
    route: () => import("~/routes/api.admin.approved-updates"),
    handler: "loader",
    allowed: ADMINS,
    status: 200,
  },
  {
    call: "GET /api/admin/missing-data",
    route: () => import("~/routes/api.admin.missing-data"),
    handler: "loader",
    allowed: STAFF,
    status: 200,
  },
  {
    call: "PATCH /api/admin/representative/{id}/update",
    route: () => import("~/routes/api.admin.representative.$repId.update"),
    handler: "action",
    params: () => ({ repId: NONE }),
    body: { phone: "202-555-0100" },
    allowed: STAFF,
    status: 404,
  },
  { call: "GET /api/leads", route: () => import("~/routes/api.leads"), handler: "loader", allowed: ADMINS, status: 200 },
  {
    call: "PUT /api/leads/{id}",
    route: () => import("~/routes/api.leads.$id"),
    handler: "action",
    params: () => ({ id: NONE }),
    body: { firstName: "X" },
    allowed: ADMINS,
    status: 404,
  },
  {
    call: "POST /api/leads/{id}/convert",
    route: () => import("~/routes/api.leads.$id.convert"),
    handler: "action",
    params: () => ({ id: NONE }),
    allowed: ADMINS,
    status: 404,
  },
  {
    call: "DELETE /api/leads/{id}",
    route: () => import("~/routes/api.leads.$id"),
    handler: "action",
    params: () => ({ id: NONE }),
    allowed: ADMINS,
    status: 404,
  },
  { call: "GET /api/states", route: () => import("~/routes/api.states"), handler: "loader", allowed: EVERYONE, status: 200 },
  {
    call: "GET /api/states/{id}",
    route: () => import("~/routes/api.states.$id"),
    handler: "loader",
    params: () => ({ id: vermontId }),
    allowed: STAFF,
    status: 200,
  },
  {
    call: "PUT /api/states/{id}",
    route: () => import("~/routes/api.states.$id"),
    handler: "action",
    params: () => ({ id: NONE }),
    body: { notes: "x" },
    allowed: STAFF,
    status: 404,
  },
  {
    call: "GET /api/states/{id}/representatives",
    route: () => import("~/routes/api.states.$id.representatives"),
    handler: "loader",
    params: () => ({ id: vermontId }),
    allowed: STAFF,
    status: 200,
  },
  {
    call: "GET /api/governors/state/{id}",
    route: () => import("~/routes/api.governors.state.$stateId"),
    handler: "loader",
    params: () => ({ stateId: vermontId }),
    allowed: EVERYONE,
    status: 200,
  },
  {
    call: "GET /api/representatives",
    route: () => import("~/routes/api.representatives"),
    handler: "loader",
    allowed: EVERYONE,
    status: 200,
  },
  {
    call: "GET /api/representatives/{id}",
    route: () => import("~/routes/api.representatives.$id"),
    handler: "loader",
    params: () => ({ id: officialId }),
    allowed: EVERYONE,
    status: 200,
  },
  {
    call: "GET /api/representatives/{id}/voting-records",
    route: () => import("~/routes/api.representatives.$id.voting-records"),
    handler: "loader",
    params: () => ({ id: officialId }),
    allowed: EVERYONE,
    status: 200,
  },
  {
    call: "PUT /api/representatives/{id}",
    route: () => import("~/routes/api.representatives.$id"),
    handler: "action",
    params: () => ({ id: NONE }),
    body: { phone: "202-555-0100" },
    allowed: STAFF,
    status: 404,
  },
];

const cookies: Partial<Record<Who, string>> = {};
beforeAll(async () => {
  cookies.user = await cookieFor("patriot@civicatlas.test");
  cookies.moderator = await cookieFor("moderator@civicatlas.test");
  cookies.admin = await cookieFor("admin@civicatlas.test");
  cookies.owner = await cookieFor("owner@civicatlas.test");
});

describe.each(CALLS)("$call", ({ call, route, handler, params, body, allowed, status }) => {
  test.each(EVERYONE)("%s", async (who) => {
    const module = await route();
    const [method] = call.split(" ");
    const response = await callRoute(module[handler] as (a: never) => unknown, "/x", {
      method,
      params: params?.() ?? {},
      body,
      cookie: cookies[who as Exclude<Who, "signed out">],
    });
    const expected = allowed.includes(who) ? status : who === "signed out" ? 401 : 403;
    expect(response.status).toBe(expected);
    if (expected >= 400) expect((await response.json()).message).toEqual(expect.any(String));
  });
});

test("public answers stay public: no staff notes, cacheable", async () => {
  const { loader } = await import("~/routes/api.representatives.$id");
  const response = await callRoute(loader as (a: never) => unknown, "/x", { params: { id: officialId }, cookie: cookies.admin });
  expect(response.headers.get("Cache-Control")).toMatch(/^public/);
  expect(await response.json()).not.toHaveProperty("notes");
  const { loader: staffState } = await import("~/routes/api.states.$id");
  const staff = await callRoute(staffState as (a: never) => unknown, "/x", { params: { id: vermontId }, cookie: cookies.moderator });
  expect(staff.headers.get("Cache-Control")).toBe("private, no-store");
  expect(await staff.json()).toHaveProperty("notes");
});
