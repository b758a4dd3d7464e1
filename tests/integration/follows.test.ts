// POST /my: following and unfollowing officials and issues, and the digest choice, as the server
// enforces them: signed-out visitors go to sign-in, unknown targets and choices are 400s that
// change nothing, following twice is following once, and a user only ever changes their own rows.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { action } from "~/routes/my.server";
import { loader as myDataFile } from "~/routes/profile_.data[.]json";
import { callRoute, cookieFor } from "../support/route-calls";

let userId = "";
let otherId = "";
let cookie = "";
let officialId = 0;

async function post(fields: Record<string, string>, withCookie = cookie) {
  const request = new Request("http://localhost/my", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(withCookie ? { Cookie: withCookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
  try {
    const answer = (await action({ request, params: {}, context: {} } as never)) as unknown;
    if (answer instanceof Response) return { status: answer.status, location: answer.headers.get("Location") };
    const init = (answer as { init?: { status?: number } }).init;
    return { status: init?.status ?? 200, location: null };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
    throw thrown;
  }
}

beforeAll(async () => {
  const tag = `${process.pid}-${Date.now()}`;
  userId = (await db.user.create({ data: { email: `follows-${tag}@example.org`, emailConfirmed: true } })).id;
  otherId = (await db.user.create({ data: { email: `follows-other-${tag}@example.org`, emailConfirmed: true } })).id;
  cookie = await cookieFor(`follows-${tag}@example.org`);
  officialId = (await db.official.findFirstOrThrow({ where: { isActive: true, office: "Senator" }, select: { id: true } })).id;
});
afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: [userId, otherId] } } });
});

describe("POST /my", () => {
  test("signed out, Follow leads to sign-in and back to the page it was on; nothing is stored", async () => {
    const answer = await post({ intent: "follow", officialId: String(officialId), redirectTo: `/representative/${officialId}` }, "");
    expect(answer).toEqual({ status: 302, location: `/sign-in?redirectTo=${encodeURIComponent(`/representative/${officialId}`)}` });
    expect(await db.follow.count({ where: { officialId } })).toBe(0);
  });

  test("follow an official twice and an issue: two rows; back to the page it was on; unfollow removes only that one", async () => {
    expect(await post({ intent: "follow", officialId: String(officialId), redirectTo: `/representative/${officialId}` })).toMatchObject({
      status: 302,
      location: `/representative/${officialId}`,
    });
    await post({ intent: "follow", officialId: String(officialId) });
    await post({ intent: "follow", issue: "immigration" });
    expect(await db.follow.findMany({ where: { userId }, select: { officialId: true, issueSlug: true }, orderBy: { id: "asc" } })).toEqual([
      { officialId, issueSlug: null },
      { officialId: null, issueSlug: "immigration" },
    ]);
    expect(await post({ intent: "unfollow", officialId: String(officialId) })).toMatchObject({ status: 302, location: "/my" });
    expect(await db.follow.findMany({ where: { userId }, select: { issueSlug: true } })).toEqual([{ issueSlug: "immigration" }]);
  });

  test("another user's follow is untouched by this user's Unfollow", async () => {
    await db.follow.create({ data: { userId: otherId, issueSlug: "marijuana" } });
    await post({ intent: "unfollow", issue: "marijuana" });
    expect(await db.follow.count({ where: { userId: otherId, issueSlug: "marijuana" } })).toBe(1);
  });

  test("unknown officials, issues, choices and intents are 400s; an outside redirect goes to /my", async () => {
    const refused: Record<string, string>[] = [
      { intent: "follow", officialId: "999999999" },
      { intent: "follow", officialId: "1e3" },
      { intent: "follow", issue: "taxes-are-theft" },
      { intent: "follow" },
      { intent: "digest", digest: "hourly" },
      { intent: "delete-everything" },
    ];
    for (const fields of refused) expect((await post(fields)).status, JSON.stringify(fields)).toBe(400);
    expect(await post({ intent: "follow", issue: "climate", redirectTo: "https://evil.example/" })).toMatchObject({ location: "/my" });
  });

  test("the digest choice is saved", async () => {
    expect(await post({ intent: "digest", digest: "daily" })).toMatchObject({ status: 302, location: "/my#updates" });
    expect((await db.user.findUniqueOrThrow({ where: { id: userId } })).digestFrequency).toBe("daily");
  });
});

describe("GET /profile/data.json (Download my data)", () => {
  test("the signed-in user's account and follows, as a download, never another user's, never the password hash", async () => {
    await db.password.create({ data: { userId, hash: "$argon2id$not-a-real-hash" } });
    await db.follow.create({ data: { userId: otherId, issueSlug: "education" } });
    const response = await callRoute(myDataFile, "/profile/data.json", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await response.text();
    expect(text).not.toContain("argon2id");
    const body = JSON.parse(text);
    expect(body.account).toMatchObject({ id: userId, digestFrequency: "daily" });
    expect(body.following.map((f: { issue?: string }) => f.issue)).toContain("immigration");
    expect(body.following.map((f: { issue?: string }) => f.issue)).not.toContain("education");
  });

  test("signed out: sign-in first, then back to the file", async () => {
    const response = await callRoute(myDataFile, "/profile/data.json");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/sign-in?redirectTo=%2Fprofile%2Fdata.json");
  });
});
