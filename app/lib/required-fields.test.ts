import { describe, expect, it } from "vitest";
import { CONTACT_CONSTRAINT } from "~/lib/contact-schema.server";
import { checkRequired } from "./required-fields";

describe("checkRequired with the contact form's constraint", () => {
  it("marks every empty required field (blank counts as empty) and not the optional category", () => {
    expect(checkRequired({ name: " ", email: "", subject: "Hi", message: "", category: "" }, CONTACT_CONSTRAINT)).toEqual({
      error: { name: ["Required"], email: ["Required"], message: ["Required"] },
    });
  });
  it("lets a complete form through unchanged: the server checks the rest (an email's format)", () => {
    const values = { name: "Ada", email: "not-an-email", subject: "Hi", message: "Hello" };
    expect(checkRequired(values, CONTACT_CONSTRAINT)).toEqual({ value: values });
  });
});
