import { describe, expect, test } from "vitest";
import { mustNotBeStored } from "./private-responses";

const plain = { cacheControl: null, setsCookie: false };

describe("mustNotBeStored", () => {
  test("an answer to a signed-in request is private", () => {
    expect(mustNotBeStored("theme=dark; ca_session=abc.def", plain)).toBe(true);
    expect(mustNotBeStored("ca_session=abc", { cacheControl: "max-age=60", setsCookie: false })).toBe(true);
  });

  test("an answer that sets a cookie is private", () => {
    expect(mustNotBeStored(undefined, { cacheControl: null, setsCookie: true })).toBe(true);
  });

  test("signed-out answers and declared public ones are left alone", () => {
    expect(mustNotBeStored(undefined, plain)).toBe(false);
    expect(mustNotBeStored("theme=dark; not_ca_session=x", plain)).toBe(false);
    expect(mustNotBeStored("ca_session=", plain)).toBe(false);
    expect(mustNotBeStored("ca_session=abc", { cacheControl: "public, max-age=60", setsCookie: false })).toBe(false);
  });

  test("a private, immutable answer (an avatar) keeps its own caching; private alone does not", () => {
    expect(mustNotBeStored("ca_session=abc", { cacheControl: "private, max-age=31536000, immutable", setsCookie: false })).toBe(false);
    expect(mustNotBeStored("ca_session=abc", { cacheControl: "private, max-age=60", setsCookie: false })).toBe(true);
    expect(mustNotBeStored("ca_session=abc", { cacheControl: "max-age=60, immutable", setsCookie: false })).toBe(true);
  });
});
