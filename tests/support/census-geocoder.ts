// The Census geocoder's onelineaddress answers for tests (tests/fixtures/census, see its SOURCES.md),
// picked by the address asked: Rexford -> CA-36, Broad St + Rome -> GA-14, anything else no match.
import type { IncomingMessage } from "node:http";
import type { FixtureAnswer } from "./fixture-server";

export const CENSUS_PATH = "/geocoder/geographies/onelineaddress";
const FIXTURES = "tests/fixtures/census";

export function censusAnswer(request: IncomingMessage): FixtureAnswer {
  const address = new URL(request.url ?? "/", "http://127.0.0.1").searchParams.get("address") ?? "";
  if (/rexford/i.test(address)) return { file: `${FIXTURES}/beverly-hills-ca36.json` };
  if (/broad st.*rome/i.test(address)) return { file: `${FIXTURES}/rome-ga14.json` };
  return { file: `${FIXTURES}/no-match.json` };
}
