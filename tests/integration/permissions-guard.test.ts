// The page and JSON guards enforce app/auth/permissions.ts on the server.
import { describe, expect, test } from "vitest";
import { requireApiPermission, requirePermission } from "~/auth/permissions.server";
import { createSession } from "~/auth/session.server";
import { db } from "~/db.server";
import { getToast } from "~/toast.server";

const requestAs = async (email?: string, path = "/admin/users?tab=1") => {
  if (!email) return new Request(`http://localhost${path}`);
  const user = await db.user.findUniqueOrThrow({ where: { email } });
  const { cookie } = await createSession(user.id);
  return new Request(`http://localhost${path}`, { headers: { Cookie: cookie.split(";")[0] } });
};
const denied = {
  redirectTo: "/admin",
  toast: { title: "Unauthorized", description: "You need admin privileges to access user management." },
};
const thrown = async (fn: () => Promise<unknown>) => {
  try {
    await fn();
  } catch (error) {
    return error as Response;
  }
  throw new Error("expected the guard to refuse");
};

describe("requirePermission (pages)", () => {
  test("a permitted role passes and gets its user", async () => {
    const user = await requirePermission(await requestAs("admin@civicatlas.test"), "users:view", denied);
    expect(user.email).toBe("admin@civicatlas.test");
  });

  test("a signed-out visitor goes to sign-in, coming back afterwards, with the toast in the cookie", async () => {
    const response = await thrown(async () => requirePermission(await requestAs(), "users:view", denied));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/sign-in?redirectTo=%2Fadmin%2Fusers%3Ftab%3D1");
    const { toast } = await getToast(
      new Request("http://localhost/", { headers: { Cookie: response.headers.get("Set-Cookie")!.split(";")[0] } }),
    );
    expect(toast).toEqual({
      title: "Unauthorized",
      description: "You need admin privileges to access user management.",
      variant: "destructive",
    });
  });

  test("a role without the permission is sent where the spec says", async () => {
    const response = await thrown(async () => requirePermission(await requestAs("moderator@civicatlas.test"), "users:view", denied));
    expect(response.headers.get("Location")).toBe("/admin");
  });
});

describe("requireApiPermission (JSON)", () => {
  test("401 signed out, 403 without the permission, each with a message", async () => {
    const signedOut = await thrown(async () => requireApiPermission(await requestAs(), "users:export"));
    expect(signedOut.status).toBe(401);
    const admin = await thrown(async () => requireApiPermission(await requestAs("admin@civicatlas.test"), "users:export"));
    expect(admin.status).toBe(403);
    expect((await admin.json()).message).toMatch(/Forbidden/);
    const owner = await requireApiPermission(await requestAs("owner@civicatlas.test"), "users:export");
    expect(owner.role).toBe("owner");
  });
});
