// Starts the production build (node build/server.js) in its own process, on the calling test
// file's database copy (DATABASE_URL, see tests/setup/db-per-file.ts) unless told otherwise, on a
// free port on 127.0.0.1. For tests of what only the whole server does: connections, limits,
// signals, the request checks in server.ts.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export type BuiltServer = {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the server wrote to stdout and stderr so far. */
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop: () => Promise<number | null>;
};

export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Spawns the server and resolves once it listens (or rejects with its output if it exits first). */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<BuiltServer> {
  const port = await freePort();
  const { SMTP_URL: _unsent, ...inherited } = process.env; // mail goes to a folder
  const child = spawn(process.execPath, ["build/server.js"], {
    env: {
      ...inherited,
      NODE_ENV: "test",
      PORT: String(port),
      MAIL_OUTBOX_DIR: mkdtempSync(path.join(os.tmpdir(), "civic-atlas-mail-")),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  process.once("exit", () => child.kill("SIGKILL")); // never outlive the test run
  await new Promise<void>((resolve, reject) => {
    const onData = () => output.includes("listening on") && (child.stdout!.off("data", onData), resolve());
    child.stdout!.on("data", onData);
    void exited.then((code) => reject(new Error(`The server exited (${code}) before listening:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      const stuck = setTimeout(() => child.kill("SIGKILL"), 5_000);
      const code = await exited;
      clearTimeout(stuck);
      return code;
    },
  };
}
