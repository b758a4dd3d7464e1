import { describe, expect, test } from "vitest";
import { avatarInitial } from "./avatar";
import { isCrossSiteWrite } from "./origin-check";
import { normalizeParty } from "./party";
import { safeRedirect } from "./safe-redirect";

describe("avatarInitial: the header avatar's letter", () => {
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
  const site = "http://localhost:3000";
  test("keeps same-origin paths and refuses everything else", () => {
    expect(safeRedirect("/state/CA?x=1#senators", site)).toBe("/state/CA?x=1#senators");
    expect(safeRedirect("http://localhost:3000/profile", site)).toBe("/profile");
    expect(safeRedirect("//evil.example", site)).toBe("/");
    expect(safeRedirect("https://evil.example", site)).toBe("/");
    expect(safeRedirect("http://localhost:3001/", site)).toBe("/");
    expect(safeRedirect("javascript:alert(1)", site)).toBe("/");
    expect(safeRedirect("/\\evil.example", site, "/home")).toBe("/home");
    expect(safeRedirect(null, site)).toBe("/");
    expect(safeRedirect("/" + "a".repeat(2000), site)).toBe("/");
    expect(safeRedirect("", site)).toBe("/");
  });

  test("what a browser reads as another host is refused", () => {
    // Browsers strip tabs and newlines from URLs: "/\t/evil.example" is followed as "//evil.example".
    expect(safeRedirect("/\t/evil.example", site)).toBe("/");
    expect(safeRedirect("/\n/evil.example", site)).toBe("/");
    expect(safeRedirect("/.//evil.example", site)).toBe("/");
  });

  test("the result is always a valid header value: other characters are percent-encoded", () => {
    expect(safeRedirect("/✓?q=é#à", site)).toBe("/%E2%9C%93?q=%C3%A9#%C3%A0");
    expect(safeRedirect("/a\u0001b", site)).toBe("/a%01b");
    expect(() => new Headers({ Location: safeRedirect("/名前\u0007", site) })).not.toThrow();
  });
});
