// What a loader or action throws and does not answer itself: a Refusal becomes its status with its
// message (whichever copy of the Refusal module made it), a busy database a 503, anything else
// stays the error it was. And a streamed answer can wait for a slow client to take what it sent.
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { type AddressInfo, connect } from "node:net";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { expect, test, vi } from "vitest";
import { DATABASE_BUSY_MESSAGE } from "~/lib/database-busy";
import { Refusal } from "~/lib/refusal";
import { answeringRefusals, backpressure } from "./remix.server";

/** A build of one route whose loader and action throw `error`, wrapped as the server wraps it. */
function routeThrowing(error: unknown) {
  const fail = async () => {
    throw error;
  };
  const build = { routes: { "routes/x": { id: "routes/x", path: "x", module: { loader: fail, action: fail } } } };
  const { module } = answeringRefusals(build as unknown as ServerBuild).routes["routes/x"];
  const args = { request: new Request("http://localhost/x"), params: {}, context: {} as AppLoadContext };
  return { loader: () => module.loader!(args), action: () => module.action!(args) };
}

async function thrownBy(run: () => unknown) {
  try {
    await run();
  } catch (thrown) {
    return thrown;
  }
  throw new Error("nothing was thrown");
}

test("a Refusal is answered with its status, message and details, never stored by a shared cache", async () => {
  const route = routeThrowing(new Refusal("The email is taken.", 409, { conflicts: ["email"] }));
  for (const run of [route.loader, route.action]) {
    const answer = (await thrownBy(run)) as Response;
    expect(answer).toBeInstanceOf(Response);
    expect(answer.status).toBe(409);
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await answer.json()).toEqual({ message: "The email is taken.", conflicts: ["email"] });
  }
});

test("a Refusal from another copy of its module (the app's build beside the server's own code) is known too", async () => {
  vi.resetModules();
  const { Refusal: OtherRefusal } = await import("~/lib/refusal");
  expect(OtherRefusal).not.toBe(Refusal);
  const answer = (await thrownBy(routeThrowing(new OtherRefusal("There is no page 9.", 404)).loader)) as Response;
  expect(answer.status).toBe(404);
  expect(await answer.json()).toEqual({ message: "There is no page 9." });
});

test("a busy database is a 503 to try again; any other error stays itself", async () => {
  const busy = (await thrownBy(routeThrowing(Object.assign(new Error("timed out"), { code: "P1008" })).action)) as Response;
  expect(busy.status).toBe(503);
  expect(busy.headers.get("Retry-After")).toBe("5");
  expect(await busy.json()).toEqual({ message: DATABASE_BUSY_MESSAGE });

  const bug = new TypeError("undefined is not a function");
  expect(await thrownBy(routeThrowing(bug).loader)).toBe(bug);
});

/**
 * A real server answering through the compression middleware, as the site's does, to a client
 * that reads nothing yet. The answer is made as the users export makes it: a part each time
 * `whenWritable` says the client has taken the last ones (or the middleware's zlib stream, which
 * takes a part in a few turns of the event loop). `blocked` resolves once one wait has lasted 50
 * turns, with what was made and how much of it is still in the server's memory (not yet handed
 * to the socket).
 */
async function slowDownload() {
  const PART = 64 * 1024;
  let block!: (made: { made: number; inMemory: number }) => void;
  const blocked = new Promise<{ made: number; inMemory: number }>((resolve) => (block = resolve));
  let finish!: (writable: boolean) => void;
  const finished = new Promise<boolean>((resolve) => (finish = resolve));
  const app = express();
  app.use(compression());
  app.get("/file", async (_req, res) => {
    const whenWritable = backpressure(res);
    res.setHeader("Content-Type", "text/csv");
    let made = 0;
    while (made < 1_000 * PART) {
      let waiting = true;
      const writable = whenWritable().finally(() => (waiting = false));
      for (let turns = 0; waiting && turns < 50; turns++) await new Promise((resolve) => setImmediate(resolve));
      if (waiting) block({ made, inMemory: made - res.socket!.bytesWritten });
      if (!(await writable)) return finish(false);
      // Random bytes do not compress: the connection fills as it would with a big file.
      res.write(randomBytes(PART));
      made += PART;
    }
    block({ made, inMemory: made - res.socket!.bytesWritten });
    res.end();
    finish(true);
  });
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  const client = connect((server.address() as AddressInfo).port, "127.0.0.1");
  client.pause();
  client.write(`GET /file HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip\r\n\r\n`);
  return { blocked, finished, client, close: () => server.close() };
}

test("a streamed answer to a client that reads nothing stops making more until it reads, and hears when it goes", async () => {
  const reading = await slowDownload();
  try {
    // It stops once the connection is full: what waits in the server's memory is a part or two,
    // and the whole answer (64 MB) was not made for a client that took none of it.
    const { made, inMemory } = await reading.blocked;
    expect(made).toBeLessThan(32 * 1024 * 1024);
    expect(inMemory).toBeLessThan(1024 * 1024);
    reading.client.resume();
    expect(await reading.finished).toBe(true);
  } finally {
    reading.client.destroy();
    reading.close();
  }

  const leaving = await slowDownload();
  try {
    await leaving.blocked;
    leaving.client.destroy();
    expect(await leaving.finished).toBe(false);
  } finally {
    leaving.close();
  }
});
