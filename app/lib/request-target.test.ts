import { describe, expect, test } from "vitest";
import { checkRequestTarget, MAX_PATH_SEGMENTS, MAX_URL_LENGTH } from "./request-target";

describe("checkRequestTarget", () => {
  test("ordinary paths and queries pass", () => {
    expect(checkRequestTarget("/")).toBeNull();
    expect(checkRequestTarget("/api/representatives/12/voting-records?page=2")).toBeNull();
    expect(checkRequestTarget("/state/CA/")).toBeNull();
    expect(checkRequestTarget("/search?q=%E2%9C%93")).toBeNull();
  });

  test("an over-long URL or a path with too many segments is a 414", () => {
    expect(checkRequestTarget("/a".repeat(7000))?.status).toBe(414);
    expect(checkRequestTarget("/?q=" + "x".repeat(MAX_URL_LENGTH))?.status).toBe(414);
    expect(checkRequestTarget("/a".repeat(MAX_PATH_SEGMENTS))).toBeNull();
    expect(checkRequestTarget("/a".repeat(MAX_PATH_SEGMENTS + 1))).toEqual({ status: 414, message: "The address is too long." });
    expect(checkRequestTarget("/" + "/".repeat(MAX_PATH_SEGMENTS + 1))?.status).toBe(414);
  });

  test("malformed percent-encoding in the path is a 400", () => {
    expect(checkRequestTarget("/x%zz")).toEqual({ status: 400, message: "The address is not valid." });
    expect(checkRequestTarget("/representative/%")?.status).toBe(400);
    expect(checkRequestTarget("/representative/%E2%9C")?.status).toBe(400);
    expect(checkRequestTarget("/api/%63ontact")).toBeNull();
  });

  test("the _data query of Remix without single fetch is a 400, not an empty page", () => {
    expect(checkRequestTarget("/?_data=routes%2F_index")).toEqual({ status: 400, message: "The address is not valid." });
    expect(checkRequestTarget("/contact?a=1&_data=root")?.status).toBe(400);
    expect(checkRequestTarget("/?q=_data")).toBeNull();
  });
});
