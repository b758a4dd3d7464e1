// The deployment's three files agree (issue 14): fly.toml, litefs.yml and the Dockerfile name the
// same ports, paths and commands, match package.json and server.ts, and every variable they set is
// one the Zod configuration parses. Each check names what to fix when it fails.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseToml } from "smol-toml";
import { describe, expect, test } from "vitest";
import { parse as parseYaml } from "yaml";
import { parseEnv } from "~/env.server";

const read = (file: string) => readFileSync(file, "utf8");
type Litefs = {
  fuse: { dir: string };
  data: { dir: string };
  proxy: { addr: string; target: string; db: string; passthrough?: string[] };
  lease: { type: string; candidate: unknown; promote: boolean; "advertise-url": string; consul: { url: string; key: string } };
  exec: { cmd: string; "if-candidate"?: boolean }[];
};
type Fly = {
  primary_region: string;
  kill_signal: string;
  kill_timeout: string;
  env: Record<string, string>;
  mounts: { source: string; destination: string };
  checks: Record<string, { type: string; port: number; path: string }>;
  http_service: {
    internal_port: number;
    checks: { path: string; method: string }[];
    concurrency: { hard_limit: number; soft_limit: number };
  };
};
const litefs = parseYaml(read("litefs.yml")) as Litefs;
const fly = parseToml(read("fly.toml")) as unknown as Fly;
const dockerfile = read("Dockerfile")
  .replace(/\\\n/g, " ")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"));
const finalStage = dockerfile.slice(dockerfile.map((line) => line.startsWith("FROM ")).lastIndexOf(true));
const dockerEnv = Object.fromEntries(
  finalStage.filter((l) => l.startsWith("ENV ")).flatMap((l) => [...l.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1], m[2]])),
);
const portOf = (address: string) => Number(address.split(":").pop());
const inside = (dir: string, file: string) => file.startsWith(`${dir.replace(/\/$/, "")}/`);

describe("ports", () => {
  test("fly.io sends traffic to the LiteFS proxy: internal_port is proxy.addr's port", () => {
    expect(fly.http_service.internal_port).toBe(portOf(litefs.proxy.addr));
  });
  test("the proxy forwards to the app: proxy.target's port is the image's PORT, and not the proxy's own", () => {
    expect(portOf(litefs.proxy.target)).toBe(Number(dockerEnv.PORT));
    expect(portOf(litefs.proxy.target)).not.toBe(portOf(litefs.proxy.addr));
  });
});

describe("paths", () => {
  test("LiteFS keeps its data on the fly volume: data.dir lies inside the mount's destination", () => {
    expect(inside(fly.mounts.destination, litefs.data.dir)).toBe(true);
  });
  test("the database is inside the FUSE mount, under the name the proxy tracks, and the app knows the mount", () => {
    const file = dockerEnv.DATABASE_URL.replace(/^file:/, "");
    expect(inside(litefs.fuse.dir, file)).toBe(true);
    expect(file.split("/").pop()).toBe(litefs.proxy.db);
    expect(dockerEnv.LITEFS_DIR).toBe(litefs.fuse.dir);
    expect(inside(fly.mounts.destination, litefs.fuse.dir) || fly.mounts.destination === litefs.fuse.dir).toBe(false);
  });
  test("backups go to the volume, beside LiteFS's data and not inside it or the mount", () => {
    const backups = fly.env.BACKUP_DIR;
    expect(inside(fly.mounts.destination, backups)).toBe(true);
    expect(inside(litefs.data.dir, backups) || inside(litefs.fuse.dir, backups)).toBe(false);
  });
  test("the open data files go to the volume, beside LiteFS's data and not inside it or the mount (which holds databases only)", () => {
    const openData = fly.env.OPEN_DATA_DIR;
    expect(openData).toBeTruthy();
    expect(inside(fly.mounts.destination, openData)).toBe(true);
    expect(inside(litefs.data.dir, openData) || inside(litefs.fuse.dir, openData) || openData === litefs.fuse.dir).toBe(false);
    expect(openData).not.toBe(fly.env.BACKUP_DIR);
  });
  test("the image installs litefs.yml where `litefs mount` reads it and runs LiteFS as its entry point", () => {
    expect(finalStage).toContain("COPY litefs.yml /etc/litefs.yml");
    expect(finalStage).toContain('ENTRYPOINT ["litefs", "mount"]');
    expect(finalStage.some((l) => /^COPY --from=flyio\/litefs:[\d.]+ \/usr\/local\/bin\/litefs \/usr\/local\/bin\/litefs$/.test(l))).toBe(
      true,
    );
  });
});

describe("commands", () => {
  const serve = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts.serve;
  test("LiteFS's last exec step is the server, as `npm run serve` starts it, and runs on every node", () => {
    const last = litefs.exec.at(-1)!;
    expect(last.cmd).toBe(serve);
    expect(last["if-candidate"]).toBeFalsy();
  });
  test("migrations (and the seed) run only on the lease candidate, before the server", () => {
    const steps = litefs.exec.slice(0, -1);
    expect(steps.map((s) => s.cmd)).toContain("npx prisma migrate deploy");
    for (const step of steps) expect(step["if-candidate"], step.cmd).toBe(true);
    expect(litefs.exec.filter((s) => /migrate/.test(s.cmd)).every((s) => s["if-candidate"])).toBe(true);
  });
  test("the image builds, prunes to production dependencies, and keeps what the exec steps need", () => {
    expect(dockerfile).toContain("RUN npm ci");
    expect(dockerfile).toContain("RUN npm run build && npm prune --omit=dev");
    const dependencies = (JSON.parse(read("package.json")) as { dependencies: Record<string, string> }).dependencies;
    for (const tool of ["prisma", "tsx"]) expect(dependencies, `${tool} must be a production dependency`).toHaveProperty(tool);
    expect(finalStage).toContain("COPY --from=build /app /app");
  });
  test("the dependencies stage copies every file `npm ci`'s postinstall (prisma generate) loads: prisma.config.ts and its local imports", () => {
    const depsStage = dockerfile.slice(
      dockerfile.findIndex((l) => / AS deps$/.test(l)),
      dockerfile.findIndex((l) => l === "RUN npm ci"),
    );
    const copied = depsStage.filter((l) => l.startsWith("COPY ")).flatMap((l) => l.split(/\s+/).slice(1, -1));
    const isCopied = (file: string) => copied.some((source) => file === source || file.startsWith(`${source.replace(/\/$/, "")}/`));
    // Relative imports, followed from prisma.config.ts; "./x.js" is the TypeScript file x.ts.
    const needed = new Set<string>();
    const visit = (file: string) => {
      if (needed.has(file)) return;
      needed.add(file);
      for (const [, spec] of read(file).matchAll(/^import[^"]*"(\.[^"]+)";/gm)) {
        const target = path.posix.join(path.posix.dirname(file), spec).replace(/\.js$/, "");
        visit(/\.tsx?$/.test(target) ? target : `${target}.ts`);
      }
    };
    visit("prisma.config.ts");
    expect(needed.size).toBeGreaterThan(2);
    expect([...needed].filter((file) => !isCopied(file))).toEqual([]);
  });
  test("only machines in the primary region are candidates, promoted once synced, through Consul", () => {
    expect(litefs.lease.type).toBe("consul");
    expect(litefs.lease.candidate).toBe("${FLY_REGION == PRIMARY_REGION}");
    expect(litefs.lease.promote).toBe(true);
    expect(fly.env.PRIMARY_REGION).toBe(fly.primary_region);
    expect(litefs.lease["advertise-url"]).toBe("http://${FLY_ALLOC_ID}.vm.${FLY_APP_NAME}.internal:20202");
    expect(litefs.lease.consul.url).toBe("${FLY_CONSUL_URL}");
  });
});

describe("health and shutdown", () => {
  test("fly.io checks the app's /healthz and LiteFS's /litefs/health; /healthz skips the proxy's consistency wait", () => {
    const paths = fly.http_service.checks.map((c) => c.path);
    expect(paths).toEqual(expect.arrayContaining(["/healthz", "/litefs/health"]));
    expect(read("app/routes/healthz.ts")).toMatch(/export async function loader/);
    expect(litefs.proxy.passthrough).toContain("/healthz");
  });
  test("fly.io also checks the health port, which the app opens (HEALTH_PORT) apart from its own port and the proxy's", () => {
    const healthPort = Number(fly.env.HEALTH_PORT);
    expect(fly.checks.alive).toMatchObject({ type: "http", port: healthPort, path: "/healthz" });
    expect([Number(dockerEnv.PORT), portOf(litefs.proxy.addr)]).not.toContain(healthPort);
  });
  test("kill_signal is the signal the server shuts down gracefully on, and kill_timeout outlasts its grace", () => {
    expect(read("server.ts")).toContain("shutdown.onSignals(server,");
    const shutdown = read("app/server/shutdown.server.ts");
    expect(shutdown).toContain(`process.on("${fly.kill_signal}", () => shutdown(server, "${fly.kill_signal}", stopJobs))`);
    const graceMs = Number(/SHUTDOWN_GRACE_MS = ([\d_]+)/.exec(shutdown)![1].replace(/_/g, ""));
    expect(Number(fly.kill_timeout.replace(/s$/, "")) * 1000).toBeGreaterThan(graceMs);
  });
  test("concurrency limits are set, the soft one below the hard one", () => {
    expect(fly.http_service.concurrency.soft_limit).toBeLessThan(fly.http_service.concurrency.hard_limit);
  });
});

describe("environment", () => {
  const names = [...read("app/env.server.ts").matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]);
  const sso = [...read("app/env.server.ts").matchAll(/ssoEnv\("([A-Z]+)"/g)].flatMap(([, p]) =>
    ["CLIENT_ID", "CLIENT_SECRET", "AUTHORIZATION_URL", "TOKEN_URL", "PROFILE_URL"].map((s) => `${p}_${s}`),
  );
  test("what fly.toml and the image set, plus the secrets, is a valid production configuration", () => {
    const secrets = {
      SESSION_SECRET: "a-secret-of-at-least-thirty-two-characters",
      SMTP_URL: "smtps://user:pass@smtp.example.org:465",
      MAIL_FROM: "Civic Atlas <no-reply@example.org>",
    };
    const config = parseEnv({ ...dockerEnv, ...fly.env, ...secrets });
    expect(config.NODE_ENV).toBe("production");
    expect(config.LITEFS_DIR).toBe(litefs.fuse.dir);
    expect(config.HEALTH_PORT).toBe(fly.checks.alive.port);
    expect(config.BACKUP_DIR).toBe(fly.env.BACKUP_DIR);
    expect(config.OPEN_DATA_DIR).toBe(fly.env.OPEN_DATA_DIR);
    // Without fly.toml's setting the open data files would go beside the database, into the FUSE mount.
    const { OPEN_DATA_DIR: _unset, ...withoutIt } = fly.env;
    expect(inside(litefs.fuse.dir, parseEnv({ ...dockerEnv, ...withoutIt, ...secrets }).OPEN_DATA_DIR)).toBe(true);
  });
  test("backups upload only with the whole S3 configuration, and need BACKUP_DIR", () => {
    const s3 = {
      BACKUP_DIR: "/b",
      BACKUP_S3_ENDPOINT: "https://fly.storage.tigris.dev",
      BACKUP_S3_BUCKET: "b",
      BACKUP_S3_ACCESS_KEY_ID: "k",
      BACKUP_S3_SECRET_ACCESS_KEY: "s",
    };
    expect(parseEnv(s3).BACKUP_S3_REGION).toBe("auto");
    expect(() => parseEnv({ ...s3, BACKUP_S3_SECRET_ACCESS_KEY: undefined })).toThrow(/BACKUP_S3_ENDPOINT: set all of/);
    expect(() => parseEnv({ ...s3, BACKUP_DIR: undefined })).toThrow(/BACKUP_DIR: is needed to upload backups/);
  });
  test("every variable the configuration parses is documented in .env.example and the README", () => {
    const example = read(".env.example");
    const readme = read("README.md");
    expect(names.length).toBeGreaterThan(20);
    for (const name of [...names, ...sso]) {
      expect(example, `${name} in .env.example`).toMatch(new RegExp(`^#? ?${name}=`, "m"));
    }
    for (const name of names) expect(readme, `${name} in the README`).toContain(name);
  });
  test("the image's build context leaves out installed files, local databases and secrets", () => {
    const ignored = read(".dockerignore").split("\n");
    for (const entry of ["node_modules", "build", "*.db", ".env", "data"]) expect(ignored).toContain(entry);
  });
});
