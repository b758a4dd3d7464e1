import { describe, expect, test } from "vitest";
import { SIGN_IN_SERVER_MESSAGES as M, signInErrorText } from "./sign-in-errors";

describe("signInErrorText: the sign-in form's message for each refusal", () => {
  test("maps the server's messages to the spec's texts", () => {
    expect(signInErrorText(M.unconfirmed)).toBe("Please check your email and click the confirmation link before signing in.");
    expect(signInErrorText(M.sso)).toBe("This account uses SSO authentication. Please use the SSO option below.");
    expect(signInErrorText(M.invalid)).toBe("Invalid email or password. Please try again.");
  });
  test("shows any other message as is, and a fallback when there is none", () => {
    expect(signInErrorText(M.inactive)).toBe(M.inactive);
    expect(signInErrorText("Too many failed sign-in attempts")).toBe("Too many failed sign-in attempts");
    expect(signInErrorText("")).toBe("Sign in failed");
  });
});
