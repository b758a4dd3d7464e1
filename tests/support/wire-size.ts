// What a page weighs on the wire, for the home page's first-round-trip budget (decision 0025):
// npm run bench prints it and tests/integration/home-page-size.test.ts checks it.
import type http from "node:http";

/** TCP's initial congestion window, 10 segments of 1,460 bytes (RFC 6928), which Lighthouse's simulated network uses too. */
export const FIRST_ROUND_TRIP_BYTES = 10 * 1460;

/** The bytes of a response's status line and headers as they went over the wire, the blank line included. */
export function headerBytesOf(response: http.IncomingMessage): number {
  const statusLine = `HTTP/${response.httpVersion} ${response.statusCode} ${response.statusMessage}\r\n`;
  return statusLine.length + response.rawHeaders.reduce((sum, part) => sum + part.length + 2, 0) + 2; // "name: value\r\n"
}
