// Every page action reads its form through one helper: a body that is not a form is a 415 and a
// broken form a 400, each with a message, never a 500.
import { describe, expect, test } from "vitest";
import { createSession } from "~/auth/session.server";
import { db } from "~/db.server";
import { FORM_BODY_MESSAGES } from "~/form-data.server";

const ROUTES = [
  "sign-in",
  "register",
  "profile",
  "forgot-password",
  "reset-password",
  "confirm-email",
  "contact",
  "welcome",
  "unsubscribe",
  "resources.theme",
] as const;

const BODIES: { name: string; headers: Record<string, string>; body?: string; status: number; message: string }[] = [
  {
    name: "JSON",
    headers: { "Content-Type": "application/json" },
    body: '{"email":"a@b.org"}',
    status: 415,
    message: FORM_BODY_MESSAGES.unsupported,
  },
  {
    name: "plain text",
    headers: { "Content-Type": "text/plain" },
    body: "email=a@b.org",
    status: 415,
    message: FORM_BODY_MESSAGES.unsupported,
  },
  { name: "XML", headers: { "Content-Type": "application/xml" }, body: "<email/>", status: 415, message: FORM_BODY_MESSAGES.unsupported },
  { name: "no Content-Type", headers: {}, body: undefined, status: 415, message: FORM_BODY_MESSAGES.unsupported },
  {
    name: "broken multipart",
    headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
    body: "this is not multipart",
    status: 400,
    message: FORM_BODY_MESSAGES.unreadable,
  },
  {
    name: "multipart without a boundary",
    headers: { "Content-Type": "multipart/form-data" },
    body: "--xyz\r\n",
    status: 400,
    message: FORM_BODY_MESSAGES.unreadable,
  },
];

const patriot = await db.user.findUniqueOrThrow({ where: { email: "patriot@civicatlas.test" } });
const { cookie } = await createSession(patriot.id);
const signedIn = { Cookie: cookie.split(";")[0] };

async function post(route: (typeof ROUTES)[number], headers: Record<string, string>, body?: string) {
  const { action } = (await import(`~/routes/${route}.tsx`).catch(() => import(`~/routes/${route}.ts`))) as {
    action: (args: never) => Promise<unknown>;
  };
  const request = new Request(`http://localhost/${route.replace(".", "/")}`, {
    method: "POST",
    headers: { ...signedIn, ...headers },
    body,
  });
  try {
    return await action({ request, params: {}, context: { cspNonce: "", ipAddress: "127.0.0.1" } } as never);
  } catch (thrown) {
    return thrown;
  }
}

describe.each(ROUTES)("POST /%s", (route) => {
  test.each(BODIES)("$name is answered $status with a message", async ({ headers, body, status, message }) => {
    const answer = await post(route, headers, body);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(status);
    expect(await (answer as Response).json()).toEqual({ message });
  });
});

test("a form with a charset parameter is read as usual", async () => {
  const answer = (await post(
    "resources.theme",
    { "Content-Type": "application/x-www-form-urlencoded; charset=UTF-8" },
    "theme=dark",
  )) as Response;
  expect(answer.status).toBe(302);
});
