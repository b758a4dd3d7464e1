import { describe, expect, test } from "vitest";
import { sha256Hex, signRequest } from "./aws-sigv4";

// The worked example of AWS's "Signature Version 4 signing process" documentation (IAM ListUsers,
// 2015-08-30): its published signature is the proof the canonical request and key are right.
const EXAMPLE = {
  credentials: {
    accessKeyId: "AKIDEXAMPLE",
    secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
    region: "us-east-1",
    service: "iam",
  },
  url: new URL("https://iam.amazonaws.com/?Action=ListUsers&Version=2010-05-08"),
  headers: { "Content-Type": "application/x-www-form-urlencoded; charset=utf-8" },
  now: new Date("2015-08-30T12:36:00Z"),
};

describe("signRequest", () => {
  test("reproduces AWS's published example signature", () => {
    const headers = signRequest(
      { method: "GET", url: EXAMPLE.url, headers: EXAMPLE.headers, payloadSha256: sha256Hex("") },
      EXAMPLE.credentials,
      EXAMPLE.now,
      { contentHashHeader: false },
    );
    expect(headers["x-amz-date"]).toBe("20150830T123600Z");
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/iam/aws4_request, " +
        "SignedHeaders=content-type;host;x-amz-date, Signature=5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7",
    );
  });

  test("a different payload, key or time gives a different signature", () => {
    const sign = (payload: string, secret = EXAMPLE.credentials.secretAccessKey, now = EXAMPLE.now) =>
      signRequest(
        { method: "PUT", url: new URL("https://s3.example.org/bucket/a b.db"), payloadSha256: sha256Hex(payload) },
        { ...EXAMPLE.credentials, secretAccessKey: secret, service: "s3" },
        now,
      ).authorization;
    const base = sign("one");
    expect(sign("two")).not.toBe(base);
    expect(sign("one", "another-secret")).not.toBe(base);
    expect(sign("one", undefined, new Date("2015-08-31T12:36:00Z"))).not.toBe(base);
    expect(base).toContain("SignedHeaders=host;x-amz-content-sha256;x-amz-date,");
  });
});
