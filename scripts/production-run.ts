// Proof of the production image without docker: runs the Dockerfile's steps in a scratch folder
// made from the committed sources (git archive HEAD, like a fresh clone), in order: its COPY lines
// from the sources, its RUN lines (npm ci, build, prune), its ENV lines; then litefs.yml's exec
// commands as the LiteFS candidate runs them (migrate, seed, the server), with LiteFS's mount
// simulated by a plain folder. It checks GET /healthz answers 200 and that SIGTERM stops the server
// cleanly, then removes the folder. apt-get lines and what comes from other images (the LiteFS
// binary) are skipped and named. Usage: npx tsx scripts/production-run.ts (port: PRODUCTION_RUN_PORT, 3236).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse as parseYaml } from "yaml";

const repo = path.resolve(import.meta.dirname, "..");
const port = process.env.PRODUCTION_RUN_PORT ?? "3236";
const scratch = mkdtempSync(path.join(os.tmpdir(), "civic-atlas-production-"));
const context = path.join(scratch, "context");
const fuseDir = path.join(scratch, "litefs");
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const say = (line: string) => console.log(`[production-run ${elapsed()}] ${line}`);

/** Dockerfile instructions, continuation lines joined, comments dropped. */
function dockerInstructions(text: string): { op: string; args: string }[] {
  return text
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const [op, ...rest] = line.split(/\s+/);
      return { op: op.toUpperCase(), args: rest.join(" ") };
    });
}

const env: Record<string, string> = {
  PATH: process.env.PATH ?? "",
  HOME: process.env.HOME ?? os.homedir(),
  // The npm cache of this machine: the registry is asked only for what it lacks.
  npm_config_prefer_offline: "true",
};
// Only what the image sets: this machine's environment stays out (env.d.ts types NODE_ENV as always set).
const processEnv = (values: Record<string, string>) => values as unknown as NodeJS.ProcessEnv;
/** The image's paths mapped into the scratch folder. */
const local = (value: string) => value.replaceAll("/litefs", fuseDir).replace(/^\/app\b/, path.join(scratch, "app"));

function run(command: string, cwd: string, extra: Record<string, string> = {}) {
  say(`$ ${command}`);
  execFileSync("sh", ["-c", command], { cwd, env: processEnv({ ...env, ...extra }), stdio: "inherit" });
}

/** The running server, killed on the way out if a step failed. */
const running: { server?: ChildProcess } = {};
try {
  execFileSync("sh", ["-c", `mkdir -p "${context}" && git -C "${repo}" archive HEAD | tar -x -C "${context}"`]);
  say(
    `sources of ${execFileSync("git", ["-C", repo, "rev-parse", "--short", "HEAD"]).toString().trim()} in ${scratch} (uncommitted changes are not included)`,
  );
  let workdir = scratch;
  for (const { op, args } of dockerInstructions(readFileSync(path.join(context, "Dockerfile"), "utf8"))) {
    if (op === "WORKDIR") mkdirSync((workdir = local(args)), { recursive: true });
    else if (op === "ENV") for (const [, key, value] of args.matchAll(/(\w+)=(\S+)/g)) env[key] = local(value);
    else if (op === "RUN" && /^apt-get\b/.test(args)) say(`skipped (system packages): ${args}`);
    else if (op === "RUN") run(args, workdir);
    else if (op === "COPY" && args.startsWith("--from=")) say(`skipped (from another image or stage): COPY ${args}`);
    else if (op === "COPY") {
      const parts = args.split(/\s+/);
      const destination = parts.pop()!;
      if (destination.startsWith("/")) {
        say(`skipped (outside the app folder): COPY ${args}`);
        continue;
      }
      for (const source of parts) {
        const target = destination.endsWith("/") ? path.join(workdir, destination, path.basename(source)) : path.join(workdir, destination);
        cpSync(path.join(context, source === "." ? "" : source), source === "." ? workdir : target, { recursive: true });
      }
    }
  }

  // What fly.io and `fly secrets set` provide; the values here are throwaway.
  Object.assign(env, {
    PORT: port,
    HOST: "127.0.0.1",
    SESSION_SECRET: randomBytes(32).toString("base64"),
    APP_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: "smtp://127.0.0.1:3237",
    MAIL_FROM: "Civic Atlas <no-reply@civicatlas.test>",
    SUPPORT_EMAIL: "support@civicatlas.test",
    BACKUP_DIR: path.join(scratch, "backups"),
  });
  mkdirSync(fuseDir, { recursive: true });
  say(`NODE_ENV=${env.NODE_ENV} DATABASE_URL=${env.DATABASE_URL} LITEFS_DIR=${env.LITEFS_DIR}`);

  const { exec } = parseYaml(readFileSync(path.join(context, "litefs.yml"), "utf8")) as { exec: { cmd: string }[] };
  for (const step of exec.slice(0, -1)) run(step.cmd, workdir);
  const serve = exec.at(-1)!.cmd;
  say(`$ ${serve}`);
  const [command, ...commandArgs] = serve.split(" ");
  const child = spawn(command, commandArgs, { cwd: workdir, env: processEnv(env), stdio: "inherit" });
  running.server = child;
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));

  const deadline = Date.now() + 60_000;
  let healthy = false;
  while (!healthy && Date.now() < deadline && child.exitCode === null) {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
    healthy = response?.status === 200 && (await response.text()) === "OK";
    if (!healthy) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!healthy) throw new Error("GET /healthz did not answer 200 OK within 60 s");
  say("GET /healthz: 200 OK");
  child.kill("SIGTERM");
  const code = await exited;
  running.server = undefined;
  if (code !== 0) throw new Error(`the server exited with ${code} after SIGTERM`);
  say("SIGTERM: the server stopped cleanly (exit 0)");
  say(`passed in ${elapsed()}`);
} catch (error) {
  console.error(`[production-run ${elapsed()}] FAILED: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  running.server?.kill("SIGKILL");
  rmSync(scratch, { recursive: true, force: true });
}
