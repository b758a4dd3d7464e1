// Single sign-on with Google, GitHub and Microsoft through remix-auth-oauth2 (authorization
// code with PKCE and a state cookie). Each provider's profile is read by a small client whose
// base URL comes from configuration.
import { CodeChallengeMethod, OAuth2Strategy } from "remix-auth-oauth2";
import { env, type Env } from "~/env.server";
import { SSO_PROVIDERS, type SsoProviderId } from "~/lib/sso-providers";

export type SsoProfile = {
  providerId: string;
  email: string;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  imageUrl: string | null;
};

type ProviderConfig = { scopes: string[]; readProfile: (baseUrl: string, accessToken: string) => Promise<SsoProfile> };

async function getJson(url: string, accessToken: string) {
  const response = await fetch(url, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json", "User-Agent": "Civic Atlas" },
  });
  if (!response.ok) throw new Error(`The provider answered ${response.status} for ${new URL(url).pathname}`);
  return response.json();
}

/** Standard OpenID Connect userinfo claims (Google, Microsoft). */
async function readOidcProfile(url: string, accessToken: string): Promise<SsoProfile> {
  const claims = await getJson(url, accessToken);
  if (!claims.sub || !claims.email) throw new Error("The provider did not share an email address.");
  return {
    providerId: String(claims.sub),
    email: String(claims.email).toLowerCase(),
    // Microsoft does not report verification: such an email never links to an existing account.
    emailVerified: claims.email_verified === true || claims.email_verified === "true",
    firstName: claims.given_name ?? null,
    lastName: claims.family_name ?? null,
    imageUrl: claims.picture ?? null,
  };
}

/** GitHub's REST API: the user, and the primary verified email from /user/emails. */
async function readGithubProfile(apiBase: string, accessToken: string): Promise<SsoProfile> {
  const [user, emails] = await Promise.all([getJson(`${apiBase}/user`, accessToken), getJson(`${apiBase}/user/emails`, accessToken)]);
  const primary = (emails as { email: string; primary: boolean; verified: boolean }[]).find((e) => e.primary) ?? emails[0];
  if (!primary?.email) throw new Error("The provider did not share an email address.");
  const [firstName, ...rest] = String(user.name ?? "")
    .trim()
    .split(/\s+/);
  return {
    providerId: String(user.id),
    email: primary.email.toLowerCase(),
    emailVerified: primary.verified === true,
    firstName: firstName || null,
    lastName: rest.join(" ") || null,
    imageUrl: user.avatar_url ?? null,
  };
}

const PROVIDERS: Record<SsoProviderId, ProviderConfig> = {
  google: { scopes: ["openid", "email", "profile"], readProfile: readOidcProfile },
  github: { scopes: ["read:user", "user:email"], readProfile: readGithubProfile },
  microsoft: { scopes: ["openid", "email", "profile"], readProfile: readOidcProfile },
};

function settings(config: Env, id: SsoProviderId) {
  const key = id.toUpperCase() as "GOOGLE" | "GITHUB" | "MICROSOFT";
  return {
    clientId: config[`${key}_CLIENT_ID`],
    clientSecret: config[`${key}_CLIENT_SECRET`],
    authorizationEndpoint: config[`${key}_AUTHORIZATION_URL`],
    tokenEndpoint: config[`${key}_TOKEN_URL`],
    profileUrl: config[`${key}_PROFILE_URL`],
  };
}

export const isSsoConfigured = (id: SsoProviderId) => {
  const s = settings(env(), id);
  return Boolean(s.clientId && s.clientSecret);
};

/** The providers this site is set up for (their client id and secret are set): the only ones offered. */
export const configuredSsoProviders = () => SSO_PROVIDERS.filter((p) => isSsoConfigured(p.id));

/** The strategy for a configured provider; its verify step returns the provider's profile. */
export function ssoStrategy(id: SsoProviderId) {
  const config = env();
  const s = settings(config, id);
  if (!s.clientId || !s.clientSecret) throw new Error(`${id} sign-in is not configured`);
  return new OAuth2Strategy<SsoProfile>(
    {
      cookie: {
        name: `ca_oauth_${id}`,
        sameSite: "Lax",
        httpOnly: true,
        path: "/",
        ...(config.NODE_ENV === "production" ? { secure: true as const } : {}),
      },
      clientId: s.clientId,
      clientSecret: s.clientSecret,
      authorizationEndpoint: s.authorizationEndpoint,
      tokenEndpoint: s.tokenEndpoint,
      redirectURI: `${config.APP_URL}/api/sso-callback/${id}`,
      scopes: PROVIDERS[id].scopes,
      codeChallengeMethod: CodeChallengeMethod.S256,
    },
    async ({ tokens }) => PROVIDERS[id].readProfile(s.profileUrl, tokens.accessToken()),
  );
}
