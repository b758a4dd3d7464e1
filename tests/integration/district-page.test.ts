// The district page's loader: the member, neighbours and ZIPs, one address per district, and
// clear 400/404 answers to anything else.
import { describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { loader as mapLoader } from "~/routes/district.$id_.map";
import { loader } from "~/routes/district.$id";

type Loaded = Exclude<Awaited<ReturnType<typeof loader>>, Response>;
const call = async (handler: (args: never) => unknown, id: string) => {
  try {
    return await handler({ request: new Request(`http://localhost/district/${id}`), params: { id }, context: {} } as never);
  } catch (thrown) {
    return thrown;
  }
};
const statusOf = (answer: unknown) =>
  answer instanceof Response ? answer.status : ((answer as { init?: { status: number } }).init?.status ?? 200);

describe("GET /district/{state}-{number}", () => {
  test("CA-12: its member, its neighbours with theirs, and its ZIP codes", async () => {
    const page = (await call(loader, "CA-12")) as Loaded;
    expect(page.district).toMatchObject({ state: "CA", stateName: "California", number: 12, slug: "CA-12" });
    expect(page.district.member?.name).toBe("Lateefah Simon");
    expect(page.neighbours.map((n) => [n.number, n.member?.name ?? "Vacant"])).toEqual([
      [8, expect.any(String)],
      [10, "Mark DeSaulnier"],
      [14, expect.any(String)],
    ]);
    expect(page.zips).toContain("94612");
    expect(page.zips).not.toContain("94102");
  });

  test("a state's only seat: WY-AL at-large, DC-AL the delegate's", async () => {
    expect(((await call(loader, "WY-AL")) as Loaded).district.member?.name).toBe("Harriet M. Hageman");
    const dc = (await call(loader, "DC-AL")) as Loaded;
    expect(dc.district.member?.name).toBe("Eleanor Holmes Norton");
    expect(dc.zips).toContain("20001");
  });

  test("a seat with no active member is vacant (this file's own copy of the database)", async () => {
    const where = { office: "Representative", district: "01", state: { abbreviation: "MT" } };
    expect(((await call(loader, "MT-1")) as Loaded).district.member).not.toBeNull();
    await db.official.updateMany({ where, data: { isActive: false } });
    expect(((await call(loader, "MT-1")) as Loaded).district.member).toBeNull();
  });

  test.each([
    ["ca-12", "/district/CA-12"],
    ["CA-012", "/district/CA-12"],
    ["WY-0", "/district/WY-AL"],
    ["VT-0", "/district/VT-AL"],
    ["wy-al", "/district/WY-AL"],
    ["WY-1", "/district/WY-AL"],
    ["wy-at-large", "/district/WY-AL"],
    ["DC-delegate", "/district/DC-AL"],
    ["DC-98", "/district/DC-AL"],
    ["PR-98", "/district/PR-AL"],
    ["DC-0", "/district/DC-AL"],
  ])("%s redirects permanently to %s", async (id, location) => {
    const answer = (await call(loader, id)) as Response;
    expect(answer.status).toBe(301);
    expect(answer.headers.get("Location")).toBe(location);
  });

  test.each([
    ["CA-53", 404, "CA has 52 House districts: CA-1 to CA-52."],
    ["CA-0", 404, "CA has 52 House districts"],
    ["CA-AL", 404, "CA has 52 House districts"],
    ["ZZ-1", 404, "There is no state or territory with the abbreviation ZZ."],
    ["WY-2", 404, "WY has one seat in the House: WY-AL."],
    ["junk", 400, "for example CA-12"],
    ["CA-12x", 400, "for example CA-12"],
    ["CA--1", 400, "for example CA-12"],
    ["CA-1e3", 400, "for example CA-12"],
  ])("%s answers %i", async (id, status, message) => {
    const answer = await call(loader, id);
    expect(statusOf(answer)).toBe(status);
    expect((answer as { data: { message: string } }).data.message).toContain(message);
  });

  test("the map alone, as SVG, for client navigation: canonical addresses only", async () => {
    const svg = (await call(mapLoader, "CA-12")) as Response;
    expect(svg.headers.get("Content-Type")).toContain("image/svg+xml");
    expect(await svg.text()).toContain(`<a href="/district/CA-12" aria-label="California&#x27;s 12th congressional district"`);
    for (const id of ["ca-12", "CA-53", "junk"]) expect(((await call(mapLoader, id)) as Response).status).toBe(404);
  });
});
