// AWS Signature Version 4 for one request (header-based, the whole payload hashed): what
// S3-compatible storage (AWS S3, Tigris, R2, MinIO) needs for a PUT. Pure: the time is an argument.
import { createHash, createHmac } from "node:crypto";

export type SigV4Credentials = { accessKeyId: string; secretAccessKey: string; region: string; service: string };

const sha256Hex = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

/** RFC 3986 encoding, as SigV4 wants it: every byte but A-Z a-z 0-9 - _ . ~ (and "/" in paths). */
const encode = (text: string, keepSlash = false) =>
  encodeURIComponent(text)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(keepSlash ? /%2F/g : /$^/, "/");

/**
 * The headers to add to a request of `method` to `url` whose payload hashes to `payloadSha256`
 * (hex): x-amz-date, x-amz-content-sha256 and Authorization. `headers` are signed too (with host).
 */
export function signRequest(
  request: { method: string; url: URL; headers?: Record<string, string>; payloadSha256: string },
  credentials: SigV4Credentials,
  now: Date,
  { contentHashHeader = true } = {},
): Record<string, string> {
  const amzDate = now.toISOString().replace(/[-:]|\.\d{3}/g, ""); // 20150830T123600Z
  const day = amzDate.slice(0, 8);
  const added: Record<string, string> = {
    "x-amz-date": amzDate,
    ...(contentHashHeader && { "x-amz-content-sha256": request.payloadSha256 }),
  };
  const signed = Object.entries({ ...request.headers, ...added, host: request.url.host })
    .map(([name, value]): [string, string] => [name.toLowerCase(), value.trim().replace(/\s+/g, " ")])
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const query = [...request.url.searchParams]
    .map(([k, v]) => `${encode(k)}=${encode(v)}`)
    .sort()
    .join("&");
  const path = encode(decodeURIComponent(request.url.pathname), true);
  const canonical = [
    request.method,
    path,
    query,
    signed.map(([name, value]) => `${name}:${value}\n`).join(""),
    signed.map(([name]) => name).join(";"),
    request.payloadSha256,
  ].join("\n");
  const scope = `${day}/${credentials.region}/${credentials.service}/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256Hex(canonical)].join("\n");
  let key = hmac(`AWS4${credentials.secretAccessKey}`, day);
  for (const part of [credentials.region, credentials.service, "aws4_request"]) key = hmac(key, part);
  const signature = createHmac("sha256", key).update(toSign).digest("hex");
  return {
    ...added,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signed.map(([n]) => n).join(";")}, Signature=${signature}`,
  };
}

export { sha256Hex };
