// A form's pending check: which navigation counts as this form submitting.
import { expect, test } from "vitest";
import { isPending } from "~/components/forms";

const sent = (fields: Record<string, string>) => {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return formData;
};
const idle = { state: "idle", formMethod: undefined, formData: undefined } as const;
const submitting = (fields: Record<string, string>, formMethod: "POST" | "GET" = "POST") =>
  ({ state: "submitting", formMethod, formData: sent(fields) }) as const;
const loadingAfter = (fields: Record<string, string>) => ({ state: "loading", formMethod: "POST", formData: sent(fields) }) as const;

test("any submission counts until the options narrow it", () => {
  expect(isPending(idle)).toBe(false);
  expect(isPending(submitting({}))).toBe(true);
  expect(isPending(loadingAfter({}))).toBe(false);
});

test("narrowed by the fields the form sent: another intent or another row is not this form", () => {
  const deleting = { fields: { intent: "delete", id: "7" } };
  expect(isPending(submitting({ intent: "delete", id: "7" }), deleting)).toBe(true);
  expect(isPending(submitting({ intent: "delete", id: "8" }), deleting)).toBe(false);
  expect(isPending(submitting({ intent: "convert", id: "7" }), deleting)).toBe(false);
  expect(isPending(submitting({ id: "7" }), deleting)).toBe(false);
});

test("narrowed by method: a GET filter form is not a POST", () => {
  expect(isPending(submitting({}, "POST"), { formMethod: "POST" })).toBe(true);
  expect(isPending(submitting({}, "GET"), { formMethod: "POST" })).toBe(false);
});

test('"non-idle" also counts the loading that follows the action', () => {
  const running = { fields: { intent: "run" }, state: "non-idle" } as const;
  expect(isPending(loadingAfter({ intent: "run" }), running)).toBe(true);
  expect(isPending(submitting({ intent: "run" }), running)).toBe(true);
  expect(isPending(loadingAfter({ intent: "stop" }), running)).toBe(false);
  expect(isPending(idle, running)).toBe(false);
});
