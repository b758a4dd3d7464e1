// Unbounded input: one email rule everywhere an address is read (at most
// 254 characters, 64 before the @), and every free-text field capped with "At most N characters.".
// Nothing over a cap is stored.
import { afterAll, describe, expect, test } from "vitest";
import { startSmtpSink } from "../support/smtp-sink";

const sink = await startSmtpSink();
process.env.SMTP_URL = sink.url;
const { db } = await import("~/db.server");
const { createSession } = await import("~/auth/session.server");
const { EMAIL_MAX, emailAddress } = await import("~/lib/field-schemas");
afterAll(() => sink.close());

const HUGE = "x".repeat(100_000);
const hugeEmail = `${HUGE}@example.org`;
const longLocalPart = `${"a".repeat(65)}@example.org`;
const context = { cspNonce: "", ipAddress: "192.0.2.44" };

async function act(route: string, init: { form?: Record<string, string>; json?: unknown; method?: string; cookie?: string }) {
  const module = (await import(`~/routes/${route}.tsx`).catch(() => import(`~/routes/${route}.ts`))) as {
    action: (args: never) => Promise<unknown>;
  };
  const headers: Record<string, string> = init.cookie ? { Cookie: init.cookie } : {};
  if (init.json !== undefined) headers["Content-Type"] = "application/json";
  const request = new Request(`http://localhost/${route}`, {
    method: init.method ?? "POST",
    headers,
    body: init.form ? new URLSearchParams(init.form) : JSON.stringify(init.json),
  });
  try {
    return await action(module, request);
  } catch (thrown) {
    return thrown;
  }
}
const action = (module: { action: (args: never) => Promise<unknown> }, request: Request) =>
  module.action({ request, params: {}, context } as never);

/** The status and the messages per field, from a JSON answer or a page's data() answer. */
async function answerOf(answer: unknown): Promise<{ status: number; errors: Record<string, string[]> }> {
  if (answer instanceof Response) {
    const body = (await answer.json()) as { message: string; field?: string };
    return { status: answer.status, errors: { [body.field ?? ""]: [body.message] } };
  }
  const { init, data } = answer as { init: ResponseInit; data: Record<string, unknown> };
  const errors = (data.error ?? (data.result as { error?: unknown })?.error ?? data.errors) as Record<string, string[]>;
  return { status: init.status!, errors };
}

describe("the one email rule", () => {
  const rule = emailAddress({ invalid: "Valid email is required" });
  test("at most 254 characters, 64 before the @; a valid address at the limit passes", () => {
    const local = "a".repeat(64);
    const domain = `${"b".repeat(60)}.${"c".repeat(60)}.${"d".repeat(60)}.example.org`.slice(0, EMAIL_MAX - 65);
    const longest = `${local}@${domain.replace(/\.$/, "x")}`;
    expect(longest).toHaveLength(254);
    expect(rule.safeParse(longest).success).toBe(true);
    expect(rule.safeParse(`a${longest}`).error?.issues[0].message).toBe("At most 254 characters.");
    expect(rule.safeParse(longLocalPart).error?.issues[0].message).toBe("At most 64 characters before the @.");
    expect(rule.safeParse(" Ella@Example.ORG ").data).toBe("ella@example.org");
  });
});

describe("an email address of 100 KB is refused with a message wherever it is read, and never stored", () => {
  const cases: [string, Parameters<typeof act>[1], string][] = [
    ["register", { form: { firstName: "A", lastName: "B", email: hugeEmail, password: "secret-1" } }, "email"],
    ["api.register", { json: { firstName: "A", lastName: "B", email: hugeEmail, password: "secret-1" } }, "email"],
    ["sign-in", { form: { email: hugeEmail, password: "secret-1" } }, "email"],
    ["api.auth.sign-in", { json: { email: hugeEmail, password: "secret-1" } }, "email"],
    ["forgot-password", { form: { email: hugeEmail } }, "email"],
    ["contact", { form: { name: "A", email: hugeEmail, subject: "S", message: "M" } }, "email"],
    ["api.contact", { json: { name: "A", email: hugeEmail, subject: "S", message: "M" } }, "email"],
    ["welcome", { form: { intent: "email", email: hugeEmail } }, "email"],
    ["welcome", { form: { intent: "save", email: hugeEmail, firstName: "A", lastName: "B" } }, "email"],
    ["api.leads", { json: { email: hugeEmail } }, "email"],
  ];
  test.each(cases)("POST /%s", async (route, init, field) => {
    const { status, errors } = await answerOf(await act(route, init));
    expect(status).toBe(400);
    expect(errors[field]).toEqual(["At most 254 characters."]);
  });

  test("GET /api/check-email", async () => {
    const { loader } = await import("~/routes/api.check-email");
    const response = await loader({ request: new Request(`http://localhost/api/check-email?email=${longLocalPart}`) } as never);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "At most 64 characters before the @." });
  });

  test("nothing was stored", async () => {
    const stored = async (table: "user" | "lead" | "contactMessage") =>
      (
        await (db[table] as unknown as { findMany: (a: object) => Promise<{ email: string }[]> }).findMany({ select: { email: true } })
      ).filter((row) => row.email.length > EMAIL_MAX);
    expect([...(await stored("user")), ...(await stored("lead")), ...(await stored("contactMessage"))]).toEqual([]);
  });
});

describe("free text is capped with the length in the message", () => {
  test("registration: a 10,000-character first name and a 1 MB password", async () => {
    const { status, errors } = await answerOf(
      await act("register", {
        form: {
          firstName: "F".repeat(10_000),
          lastName: "L",
          email: "caps@example.org",
          password: "p".repeat(1_000_000),
          phone: "5".repeat(31),
        },
      }),
    );
    expect(status).toBe(400);
    expect(errors).toMatchObject({
      firstName: ["At most 100 characters."],
      password: ["At most 200 characters."],
      phone: ["At most 30 characters."],
    });
    expect(await db.user.count({ where: { email: "caps@example.org" } })).toBe(0);
  });

  test("mailing list: a 10,000-character first name, on the page and in the JSON call", async () => {
    const details = { email: "lead-caps@example.org", firstName: "F".repeat(10_000), lastName: "L" };
    const page = await answerOf(await act("welcome", { form: { intent: "save", ...details } }));
    expect(page).toMatchObject({ status: 400, errors: { firstName: ["At most 100 characters."] } });
    expect(await answerOf(await act("api.leads", { json: details }))).toEqual({
      status: 400,
      errors: { firstName: ["At most 100 characters."] },
    });
    expect(await db.lead.count({ where: { email: details.email } })).toBe(0);
  });

  test("sign-in and reset: a 1 MB password", async () => {
    const signIn = await answerOf(await act("sign-in", { form: { email: "a@example.org", password: "p".repeat(1_000_000) } }));
    expect(signIn.errors.password).toEqual(["At most 200 characters."]);
    const reset = await answerOf(
      await act("reset-password", { form: { token: "t".repeat(43), password: "p".repeat(1_000_000), confirmPassword: "p" } }),
    );
    expect(reset.errors.password).toEqual(["At most 200 characters."]);
  });

  test("contact: name, subject and message", async () => {
    const { status, errors } = await answerOf(
      await act("contact", { form: { name: HUGE, email: "c@example.org", subject: HUGE, message: "m".repeat(5001) } }),
    );
    expect(status).toBe(400);
    expect(errors).toMatchObject({
      name: ["At most 100 characters."],
      subject: ["At most 200 characters."],
      message: ["At most 5000 characters."],
    });
  });

  test("profile: text fields and list entries", async () => {
    const patriot = await db.user.findUniqueOrThrow({ where: { email: "patriot@civicatlas.test" } });
    const cookie = (await createSession(patriot.id)).cookie.split(";")[0];
    const { status, errors } = await answerOf(
      await act("profile", { form: { firstName: HUGE, address: HUGE, primaryIssues: "i".repeat(101) }, cookie }),
    );
    expect(status).toBe(400);
    expect(errors).toMatchObject({
      firstName: ["At most 100 characters."],
      address: ["At most 200 characters."],
      "primaryIssues[0]": ["Choose from the listed options."],
    });
    const patched = await act("api.profile", { method: "PATCH", json: { lastName: HUGE }, cookie });
    expect(await answerOf(patched)).toEqual({ status: 400, errors: { lastName: ["At most 100 characters."] } });
    expect((await db.user.findUniqueOrThrow({ where: { id: patriot.id } })).firstName).toBe(patriot.firstName);
  });
});
