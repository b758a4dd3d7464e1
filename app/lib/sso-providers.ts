/** The single sign-on providers offered on /sign-in: Google, GitHub, Microsoft, all through /api/login. */
export const SSO_PROVIDERS = [
  { id: "google", label: "Google" },
  { id: "github", label: "GitHub" },
  { id: "microsoft", label: "Microsoft" },
] as const;
export type SsoProviderId = (typeof SSO_PROVIDERS)[number]["id"];
