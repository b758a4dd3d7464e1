// The production server as a process: where it listens, how it stops, and how it behaves while
// another connection holds SQLite's write lock.
import { spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import Database from "better-sqlite3";
import { describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { DATABASE_BUSY_MESSAGE } from "~/lib/database-busy";
import { freePort, startBuiltServer } from "../support/built-server";

describe("where the server listens", () => {
  test("with the development secret it refuses a HOST other than this machine and says what to set", async () => {
    const port = await freePort();
    const { SESSION_SECRET: _, ...inherited } = process.env;
    const child = spawn(process.execPath, ["build/server.js"], {
      env: { ...inherited, NODE_ENV: "development", PORT: String(port), HOST: "0.0.0.0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stderr.on("data", (chunk) => (output += chunk));
    child.stdout.on("data", (chunk) => (output += chunk));
    const code = await new Promise((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    expect(output).toMatch(/HOST: only 127\.0\.0\.1, ::1 or localhost while SESSION_SECRET is the development default/);
    expect(output).toMatch(/Set SESSION_SECRET to a secret of your own/);
  });

  test("with the development secret and no HOST it answers on 127.0.0.1 only", async () => {
    const server = await startBuiltServer();
    try {
      const external = Object.values(os.networkInterfaces())
        .flat()
        .find((i) => i && !i.internal && i.family === "IPv4")?.address;
      expect(external, "this test needs a network interface besides loopback").toBeDefined();
      const connects = (host: string) =>
        new Promise<boolean>((resolve) => {
          const socket = net.connect(server.port, host, () => (socket.destroy(), resolve(true)));
          socket.on("error", () => resolve(false));
        });
      expect(await connects("127.0.0.1")).toBe(true);
      expect(await connects(external!)).toBe(false);
    } finally {
      await server.stop();
    }
  });
});

describe("graceful shutdown under keep-alive traffic", () => {
  test("after SIGTERM, pooled connections get Connection: close, every started answer completes, and the process exits 0", async () => {
    const server = await startBuiltServer();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const cutOff: string[] = [];
    const get = (path: string) =>
      new Promise<void>((resolve) => {
        const request = http.get(`${server.url}${path}`, { agent }, (response) => {
          response.on("data", () => {});
          response.on("end", () => resolve());
          response.on("aborted", () => (cutOff.push(path), resolve()));
          response.on("error", () => (cutOff.push(path), resolve()));
        });
        // Refused (the listener is closed) or reset before any answer (sent on a connection the server
        // was closing as idle): the request was not handled, and the client may send it elsewhere.
        request.on("error", () => resolve());
      });
    let exited = false;
    void server.exited.then(() => (exited = true));
    const client = async () => {
      for (let i = 0; !exited; i++) await get(i % 2 ? "/healthz" : "/our-mission");
    };
    const clients = Array.from({ length: 4 }, client);
    await Promise.all(Array.from({ length: 8 }, () => get("/healthz"))); // the pool is warm

    // A request surely in flight when the signal comes: the server has read its headers (it said
    // 100 Continue) and waits for its body, which is sent only once the server is shutting down.
    const body = "name=&email=not-an-address";
    const held = http.request(`${server.url}/contact`, {
      method: "POST",
      agent: false,
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": body.length, Expect: "100-continue" },
    });
    const heldAnswer = new Promise<http.IncomingMessage>((resolve, reject) => {
      held.on("response", (response) => (response.resume(), response.on("end", () => resolve(response))));
      held.on("error", reject);
    });
    await new Promise((resolve) => held.once("continue", resolve));
    server.child.kill("SIGTERM");
    await new Promise<void>((resolve) => {
      const seen = () => server.output().includes("SIGTERM received") && (server.child.stdout!.off("data", seen), resolve());
      server.child.stdout!.on("data", seen);
      seen();
    });
    held.end(body);

    const answer = await heldAnswer;
    const code = await server.exited;
    await Promise.all(clients);
    agent.destroy();
    expect(answer.statusCode).toBe(400);
    expect(answer.headers.connection).toBe("close");
    expect(code).toBe(0);
    expect(cutOff).toEqual([]);
    expect(server.output()).toContain("SIGTERM received: finishing open requests, then stopping.");
    expect(server.output()).not.toContain("stopping anyway");
  });
});

describe("a keep-alive connection idle when SIGTERM comes", () => {
  test("stays open a moment: a request sent on it is answered with Connection: close, not reset, and the process exits 0", async () => {
    const server = await startBuiltServer();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status?: number; connection?: string; socket: net.Socket }>((resolve, reject) => {
        const request = http.get(`${server.url}/our-mission`, { agent }, (response) => {
          response.resume();
          response.on("end", () =>
            resolve({ status: response.statusCode, connection: response.headers.connection, socket: request.socket! }),
          );
        });
        request.on("error", reject);
      });
    try {
      const before = await get();
      expect(before.connection).toBe("keep-alive");
      server.child.kill("SIGTERM");
      await new Promise<void>((resolve) => {
        const seen = () => server.output().includes("SIGTERM received") && (server.child.stdout!.off("data", seen), resolve());
        server.child.stdout!.on("data", seen);
        seen();
      });
      // The pooled connection, idle until now, carries the next request; the answer tells the client to go.
      const after = await get();
      expect(after.socket).toBe(before.socket);
      expect(after.status).toBe(200);
      expect(after.connection).toBe("close");
      expect(await server.exited).toBe(0);
    } finally {
      agent.destroy();
      server.child.kill("SIGKILL");
    }
  });
});

describe("while another connection holds the SQLite write lock", () => {
  const contactJson = (subject: string) => ({
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Fannie Lou Hamer", email: "fannie@example.org", subject, message: "Hello" }),
  });

  test("reads are served, a write waits without blocking them and answers 503 when the lock outlasts its wait", async () => {
    const server = await startBuiltServer();
    const other = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""));
    try {
      other.exec("BEGIN IMMEDIATE");
      let settled = false;
      const subject = `locked-${Date.now()}`;
      const write = fetch(`${server.url}/api/contact`, contactJson(subject)).finally(() => (settled = true));
      const form = new URLSearchParams({ name: "Fannie Lou Hamer", email: "fannie@example.org", subject, message: "Hello" });
      const page = fetch(`${server.url}/contact`, { method: "POST", body: form, redirect: "manual" });

      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(200);
      const state = await fetch(`${server.url}/state/ca`);
      expect(state.status).toBe(200);
      expect(await state.text()).toContain("California");
      expect(settled, "the reads were answered while the write was still waiting").toBe(false);

      const refused = await write;
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("5");
      expect(await refused.json()).toEqual({ message: DATABASE_BUSY_MESSAGE });
      const refusedPage = await page;
      expect(refusedPage.status).toBe(503);
      expect(await refusedPage.text()).toContain(DATABASE_BUSY_MESSAGE);
      expect(server.output()).not.toMatch(/^\s+at /m);
    } finally {
      if (other.inTransaction) other.exec("ROLLBACK");
      other.close();
      await server.stop();
    }
  });

  test("a write whose lock is released while it waits is saved", async () => {
    const server = await startBuiltServer();
    const other = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""));
    try {
      other.exec("BEGIN IMMEDIATE");
      const subject = `released-${Date.now()}`;
      const write = fetch(`${server.url}/api/contact`, contactJson(subject));
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200); // the server is up and the write is waiting
      other.exec("COMMIT");
      expect((await write).status).toBe(201);
      expect(await db.contactMessage.count({ where: { subject } })).toBe(1);
    } finally {
      if (other.inTransaction) other.exec("ROLLBACK");
      other.close();
      await server.stop();
    }
  });
});
