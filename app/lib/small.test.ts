import { describe, expect, test } from "vitest";
import { avatarInitial } from "./avatar";
import { isCrossSiteWrite } from "./origin-check";
import { normalizeParty } from "./party";
import { safeRedirect } from "./safe-redirect";

describe("avatarInitial (spec 1 §1)", () => {
  test("first name, else upper-cased email, else U", () => {
    expect(avatarInitial({ firstName: "maya", email: "m@x.org" })).toBe("m");
    expect(avatarInitial({ firstName: " ", email: "pat@x.org" })).toBe("P");
    expect(avatarInitial({})).toBe("U");
  });
});

describe("isCrossSiteWrite", () => {
  test("same-origin POST passes, another origin is refused", () => {
    expect(isCrossSiteWrite({ method: "POST", origin: "http://localhost:3000", host: "localhost:3000" })).toBe(false);
    expect(isCrossSiteWrite({ method: "POST", origin: "https://evil.example", host: "localhost:3000" })).toBe(true);
    expect(isCrossSiteWrite({ method: "DELETE", origin: "null", host: "localhost:3000" })).toBe(true);
  });
  test("without Origin, Sec-Fetch-Site decides; reads are never refused", () => {
    expect(isCrossSiteWrite({ method: "POST", secFetchSite: "cross-site", host: "a" })).toBe(true);
    expect(isCrossSiteWrite({ method: "POST", host: "a" })).toBe(false);
    expect(isCrossSiteWrite({ method: "GET", origin: "https://evil.example", host: "a" })).toBe(false);
  });
});

describe("normalizeParty", () => {
  test("source spellings map to the product's parties", () => {
    expect(normalizeParty("Democrat")).toBe("Democratic");
    expect(normalizeParty("Democratic-Farmer-Labor")).toBe("Democratic");
    expect(normalizeParty("Republican")).toBe("Republican");
    expect(normalizeParty("Independent")).toBe("Independent");
    expect(normalizeParty("Libertarian")).toBe("Other");
  });
});

describe("safeRedirect", () => {
  test("keeps same-site paths and refuses everything else", () => {
    expect(safeRedirect("/state/CA?x=1")).toBe("/state/CA?x=1");
    expect(safeRedirect("//evil.example")).toBe("/");
    expect(safeRedirect("https://evil.example")).toBe("/");
    expect(safeRedirect("/\\evil.example", "/home")).toBe("/home");
    expect(safeRedirect(null)).toBe("/");
  });
});
