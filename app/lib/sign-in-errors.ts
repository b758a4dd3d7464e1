// Sign-in failures: the server's message, and the text shown for it.

/** What the server says (the JSON call answers these). */
export const SIGN_IN_SERVER_MESSAGES = {
  invalid: "Invalid email or password.",
  unconfirmed: "Please confirm your email before signing in.",
  sso: "This account uses SSO authentication.",
  inactive: "This account has been deactivated. Please contact us if you think this is a mistake.",
} as const;

/** The text shown for a server message: known ones get the fuller wording below, none gives "Sign in failed", others show as is. */
export function signInErrorText(serverMessage: string | null | undefined): string {
  if (!serverMessage) return "Sign in failed";
  if (serverMessage.includes("confirm your email")) return "Please check your email and click the confirmation link before signing in.";
  if (serverMessage.includes("SSO authentication")) return "This account uses SSO authentication. Please use the SSO option below.";
  if (serverMessage === SIGN_IN_SERVER_MESSAGES.invalid) return "Invalid email or password. Please try again.";
  return serverMessage;
}
