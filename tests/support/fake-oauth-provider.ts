// A local OAuth2 / OpenID Connect provider on 127.0.0.1 standing in for Google, GitHub and
// Microsoft in tests: a consent form (so a browser signs in as any identity), a token endpoint
// that checks the PKCE verifier, OIDC userinfo, and GitHub's /user and /user/emails. The identity
// may have a picture (`picture` / `avatar_url`), served here from tests/fixtures/photos, or one
// that is missing (404) or too large.
import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";

type Identity = { email: string; name: string; verified: boolean; picture: string };

/** The pictures the consent form offers: a fixture portrait's file name, or a failure. */
export const PICTURES = { portrait: "C000127.jpg", other: "M001111.jpg", missing: "missing.jpg", huge: "huge.jpg" } as const;
/** The size of the too-large picture: over the 5 MB the app accepts. */
const HUGE_BYTES = 6_000_000;
/** Every picture address asked for, in order (tests check what was fetched again). */
export const pictureRequests: string[] = [];
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
<p><label>Picture <select name="picture"><option value="">None</option>${Object.entries(PICTURES)
    .map(([label, file]) => `<option value="${file}">${label}</option>`)
    .join("")}</select></label></p>
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
        identity: {
          email: form.get("email")!,
          name: form.get("name") ?? "",
          verified: form.get("verified") === "on",
          picture: form.get("picture") ?? "",
        },
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
    if (req.method === "GET" && url.pathname.startsWith("/pictures/")) {
      pictureRequests.push(url.pathname);
      const file = url.pathname.slice("/pictures/".length);
      if (file === PICTURES.huge) {
        // No Content-Length: the app must stop reading once the body passes its limit.
        res.writeHead(200, { "Content-Type": "image/jpeg" });
        return res.end(Buffer.alloc(HUGE_BYTES, 0xff));
      }
      if (file !== PICTURES.portrait && file !== PICTURES.other) return send(404, "Not found", "text/plain");
      res.writeHead(200, { "Content-Type": "image/jpeg" });
      return res.end(readFileSync(new URL(`../fixtures/photos/${file}`, import.meta.url)));
    }
    const identity = tokens.get(bearer);
    if (!identity) return send(401, { error: "invalid_token" });
    const picture = identity.picture ? `http://127.0.0.1:${port}/pictures/${identity.picture}` : null;
    const [givenName, ...family] = identity.name.split(" ");
    if (url.pathname === "/userinfo") {
      return send(200, {
        sub: subject(identity.email),
        email: identity.email,
        email_verified: identity.verified,
        given_name: givenName || undefined,
        family_name: family.join(" ") || undefined,
        picture: picture ?? undefined,
      });
    }
    if (url.pathname === "/user")
      return send(200, {
        id: Number.parseInt(subject(identity.email).slice(4, 12), 16),
        login: identity.email.split("@")[0],
        name: identity.name,
        avatar_url: picture,
      });
    if (url.pathname === "/user/emails") return send(200, [{ email: identity.email, primary: true, verified: identity.verified }]);
    return send(404, { error: "not_found" });
  });
  return new Promise<http.Server>((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}
