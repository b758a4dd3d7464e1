// A local OAuth2 / OpenID Connect provider on 127.0.0.1 standing in for Google, GitHub and
// Microsoft in tests: a consent form (so a browser signs in as any identity), a token endpoint
// that checks the PKCE verifier, OIDC userinfo, and GitHub's /user and /user/emails.
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";

type Identity = { email: string; name: string; verified: boolean };
const codes = new Map<string, { identity: Identity; challenge: string; redirectUri: string }>();
const tokens = new Map<string, Identity>();

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const subject = (email: string) => `sub-${createHash("sha256").update(email).digest("hex").slice(0, 16)}`;

async function body(req: http.IncomingMessage) {
  let text = "";
  for await (const chunk of req) text += chunk;
  return new URLSearchParams(text);
}

function consentPage(params: URLSearchParams) {
  const hidden = ["redirect_uri", "state", "code_challenge", "client_id"]
    .map((k) => `<input type="hidden" name="${k}" value="${escape(params.get(k) ?? "")}">`)
    .join("");
  return `<!doctype html><html lang="en"><head><title>Test identity provider</title></head><body><main>
<h1>Test identity provider</h1><p>Sign in to ${escape(params.get("client_id") ?? "")}</p>
<form method="post" action="/authorize">${hidden}
<p><label>Email <input name="email" type="email" required></label></p>
<p><label>Name <input name="name"></label></p>
<p><label><input type="checkbox" name="verified" checked> Email verified</label></p>
<button type="submit">Approve</button></form></main></body></html>`;
}

export function startFakeOAuthProvider(port: number) {
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", `http://127.0.0.1:${port}`);
    const bearer = req.headers.authorization?.replace(/^Bearer /, "") ?? "";
    const send = (status: number, payload: unknown, type = "application/json") => {
      res.writeHead(status, { "Content-Type": type });
      res.end(type === "application/json" ? JSON.stringify(payload) : String(payload));
    };
    if (req.method === "GET" && url.pathname === "/authorize") return send(200, consentPage(url.searchParams), "text/html");
    if (req.method === "POST" && url.pathname === "/authorize") {
      const form = await body(req);
      const code = randomBytes(16).toString("hex");
      const redirectUri = form.get("redirect_uri")!;
      codes.set(code, {
        identity: { email: form.get("email")!, name: form.get("name") ?? "", verified: form.get("verified") === "on" },
        challenge: form.get("code_challenge")!,
        redirectUri,
      });
      const back = new URL(redirectUri);
      back.searchParams.set("code", code);
      back.searchParams.set("state", form.get("state")!);
      res.writeHead(302, { Location: back.toString() });
      return res.end();
    }
    if (req.method === "POST" && url.pathname === "/token") {
      const form = await body(req);
      const grant = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      const verifier = form.get("code_verifier") ?? "";
      const challenge = createHash("sha256").update(verifier).digest("base64url");
      if (!grant || grant.challenge !== challenge || grant.redirectUri !== form.get("redirect_uri"))
        return send(400, { error: "invalid_grant" });
      const accessToken = randomBytes(16).toString("hex");
      tokens.set(accessToken, grant.identity);
      return send(200, { access_token: accessToken, token_type: "Bearer", expires_in: 3600 });
    }
    const identity = tokens.get(bearer);
    if (!identity) return send(401, { error: "invalid_token" });
    const [givenName, ...family] = identity.name.split(" ");
    if (url.pathname === "/userinfo") {
      return send(200, {
        sub: subject(identity.email),
        email: identity.email,
        email_verified: identity.verified,
        given_name: givenName || undefined,
        family_name: family.join(" ") || undefined,
      });
    }
    if (url.pathname === "/user")
      return send(200, {
        id: Number.parseInt(subject(identity.email).slice(4, 12), 16),
        login: identity.email.split("@")[0],
        name: identity.name,
        avatar_url: null,
      });
    if (url.pathname === "/user/emails") return send(200, [{ email: identity.email, primary: true, verified: identity.verified }]);
    return send(404, { error: "not_found" });
  });
  return new Promise<http.Server>((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}
