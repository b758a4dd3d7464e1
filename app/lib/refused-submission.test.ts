import { describe, expect, it } from "vitest";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { refusedReply, typedValues } from "./refused-submission";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("a refused submission", () => {
  it("keeps what was typed, never a password or the honeypot", () => {
    const typed = form([
      ["email", "ada@example.com"],
      ["password", "secret-1234"],
      ["confirmPassword", "secret-1234"],
      [HONEYPOT_FIELD, "bot"],
      ["name", "Ada"],
      ["name", "second"],
    ]);
    expect(typedValues(typed)).toEqual({ email: "ada@example.com", name: "Ada" });
  });
  it("answers as Conform's reply: the message is the form's error", () => {
    const refused = { status: 429, message: "Too many submissions from your network. Please wait 15 minutes and try again." };
    expect(refusedReply(form([["email", "a@b.co"]]), refused)).toEqual({
      status: "error",
      initialValue: { email: "a@b.co" },
      error: { "": [refused.message] },
    });
  });
});
