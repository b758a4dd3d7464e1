// The ZIP table as the seed loads it, checked against the counts in prisma/data/zip-district/README.md.
import { describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { loadZipCodes, lookupZip, officialsForDistricts, readZipRows, zipsForDistrict } from "~/models/zip-codes.server";

describe("the ZIP table", () => {
  test("33,791 ZIP code areas, 39,936 ZIP-district pairs, 5,696 in more than one district, 441 districts", async () => {
    expect(await db.zipCode.count()).toBe(39_936);
    const zips = await db.zipCode.groupBy({ by: ["zip"], _count: { district: true } });
    expect(zips).toHaveLength(33_791);
    const split = zips.filter((z) => z._count.district > 1);
    expect(split).toHaveLength(5_696);
    expect(split.filter((z) => z._count.district === 2)).toHaveLength(5_265);
    expect(split.filter((z) => z._count.district === 3)).toHaveLength(413);
    expect(split.filter((z) => z._count.district === 4)).toHaveLength(18);
    const districts = await db.zipCode.groupBy({ by: ["state", "district"] });
    expect(districts).toHaveLength(441);
    expect(
      districts
        .filter((d) => d.district === 98)
        .map((d) => d.state)
        .sort(),
    ).toEqual(["AS", "DC", "GU", "MP", "PR", "VI"]);
  });

  test("the README's pinned examples", async () => {
    expect(await lookupZip(db, "90210")).toEqual({ zip: "90210", state: "CA", districts: [30, 32, 36], split: true, crossState: false });
    expect(await lookupZip(db, "02139")).toMatchObject({ state: "MA", districts: [5, 7], split: true });
    expect(await lookupZip(db, "60601")).toMatchObject({ state: "IL", districts: [7], split: false });
    expect(await lookupZip(db, "20001")).toMatchObject({ state: "DC", districts: [98], split: false });
    expect(await lookupZip(db, "30165")).toMatchObject({ crossState: true });
    expect(await lookupZip(db, "73301")).toBeNull();
  });

  test("zipsForDistrict lists the ZIP code areas of a district", async () => {
    const ca30 = await zipsForDistrict(db, "CA", 30);
    expect(ca30).toContain("90210");
    expect(ca30).toEqual([...ca30].sort());
    expect(await zipsForDistrict(db, "WY", 0)).toContain("82001");
    expect(await zipsForDistrict(db, "CA", 99)).toEqual([]);
  });

  test("loading again writes nothing; a table that differs from the file is replaced whole", async () => {
    expect(await loadZipCodes(db)).toBe(0);
    await db.zipCode.deleteMany({ where: { state: "WY" } });
    expect(await loadZipCodes(db)).toBe(readZipRows().length);
    expect(await db.zipCode.count()).toBe(39_936);
  });

  test("officials for a ZIP's districts: senators, governor and each district's member, vacant seats as null", async () => {
    const ca = await officialsForDistricts(db, "CA", [30, 32, 36]);
    expect(ca?.senators).toHaveLength(2);
    expect(ca?.governor?.office).toBe("Governor");
    expect(ca?.house.map((h) => [h.district, h.member?.district])).toEqual([
      [30, "30"],
      [32, "32"],
      [36, "36"],
    ]);
    const member = ca!.house[0].member!;
    await db.official.update({ where: { id: member.id }, data: { isActive: false } });
    const vacant = await officialsForDistricts(db, "CA", [30]);
    expect(vacant?.house).toEqual([{ district: 30, member: null, vacantSince: null }]); // made inactive by hand: no date on file
    await db.official.update({ where: { id: member.id }, data: { isActive: true } });

    const dc = await officialsForDistricts(db, "DC", [98]);
    expect(dc?.state.type).toBe("district");
    expect(dc?.senators).toEqual([]);
    expect(dc?.governor).toBeNull();
    expect(dc?.house[0].member?.name).toBe("Eleanor Holmes Norton");
  });
});
