// A real HTTP server on 127.0.0.1 that stands in for an outside source: it answers each path with
// a recorded file or text, a status, an optional delay, and records what was asked of it. Under
// NODE_ENV=test the outbound guard of this process lets the jobs reach it (its host:port only;
// decision 0031), unless it is started as an internal address the guard must refuse.
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

export type FixtureAnswer = {
  status?: number;
  /** The body as text, or `file` to read it from disk (read on each request, so tests may rewrite it). */
  body?: string;
  file?: string;
  type?: string;
  headers?: Record<string, string>;
  /** Wait this long before answering (a slow site). */
  delayMs?: number;
};
export type FixtureRoutes = Record<string, FixtureAnswer | ((request: IncomingMessage) => FixtureAnswer)>;

/** The file under a mounted folder for `pathname`, if there is one (no way out of the folder). */
function fromFolder(folders: Record<string, string>, pathname: string): FixtureAnswer | undefined {
  for (const [prefix, folder] of Object.entries(folders)) {
    if (!pathname.startsWith(`${prefix}/`)) continue;
    const file = path.resolve(folder, `.${pathname.slice(prefix.length)}`);
    if (file.startsWith(path.resolve(folder) + path.sep) && existsSync(file) && statSync(file).isFile()) return { file };
  }
  return undefined;
}

const TYPES: Record<string, string> = {
  json: "application/json",
  xml: "text/xml",
  yml: "text/yaml",
  html: "text/html; charset=utf-8",
  txt: "text/plain",
};

/**
 * Starts the server; `routes` maps a path (without query) to its answer and may be changed while it
 * runs; `folders` maps a path prefix to a folder whose files are served below it. Unknown paths: 404.
 * `allowOutbound: false` leaves it out of the guard's test allowance (a site on an internal address).
 * The allowance outlives the server, so a request to it once closed is a refused connection.
 */
export async function startFixtureServer(
  routes: FixtureRoutes = {},
  port = 0,
  folders: Record<string, string> = {},
  { allowOutbound = true }: { allowOutbound?: boolean } = {},
) {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    requests.push(url.pathname + url.search);
    const route = routes[url.pathname] ?? fromFolder(folders, decodeURIComponent(url.pathname));
    const answer: FixtureAnswer = typeof route === "function" ? route(request) : (route ?? { status: 404, body: "Not found" });
    const send = () => {
      if (response.destroyed) return;
      const body = answer.file ? readFileSync(answer.file) : Buffer.from(answer.body ?? "");
      const extension = (answer.file ?? url.pathname).split(".").pop() ?? "";
      response.writeHead(answer.status ?? 200, {
        "Content-Type": answer.type ?? TYPES[extension] ?? "text/plain",
        "Content-Length": body.byteLength,
        ...answer.headers,
      });
      response.end(body);
    };
    if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
    else send();
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: actual } = server.address() as AddressInfo;
  if (allowOutbound && process.env.NODE_ENV === "test")
    (await import("~/jobs/outbound-guard.server")).allowOutboundForTests(`127.0.0.1:${actual}`);
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    routes,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
