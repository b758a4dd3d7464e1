import { describe, expect, test } from "vitest";
import { loggableUrl } from "./log-url";

describe("loggableUrl", () => {
  test("replaces the values of q, zip and address and keeps every name", () => {
    expect(loggableUrl("/?q=90210")).toBe("/?q=-");
    expect(loggableUrl("/find?zip=10001-1234&state=NY")).toBe("/find?zip=-&state=NY");
    expect(loggableUrl("/api/lookup?zip=10001")).toBe("/api/lookup?zip=-");
    expect(loggableUrl("/find?zip=90210&address=455+N+Rexford+Dr")).toBe("/find?zip=-&address=-");
    expect(loggableUrl("/api/search?view=list&q=Sanders&page=2")).toBe("/api/search?view=list&q=-&page=2");
  });

  test("replaces emailed links' tokens and email addresses", () => {
    expect(loggableUrl("/confirm-email?token=abc123")).toBe("/confirm-email?token=-");
    expect(loggableUrl("/unsubscribe?lead=7&token=s3cret")).toBe("/unsubscribe?lead=7&token=-");
    expect(loggableUrl("/api/check-email?email=ada%40example.org")).toBe("/api/check-email?email=-");
  });

  test("catches the names however they are spelled in the URL, and repeated ones", () => {
    expect(loggableUrl("/find?ZIP=10001&z%69p=10002&zip=10003&zip")).toBe("/find?ZIP=-&z%69p=-&zip=-&zip=-");
    expect(loggableUrl("/?q=%39%30%32%31%30&q=")).toBe("/?q=-&q=-");
  });

  test("leaves other URLs as they are", () => {
    expect(loggableUrl("/state/CA")).toBe("/state/CA");
    expect(loggableUrl("/?view=map&state=CA")).toBe("/?view=map&state=CA");
    expect(loggableUrl("/admin/users?zipper=1&qq=2")).toBe("/admin/users?zipper=1&qq=2");
    expect(loggableUrl("/?")).toBe("/?");
  });
});
