import { describe, expect, test } from "vitest";
import { displayPhone, phoneHref, storedPhone } from "./phone";

describe("US phone numbers", () => {
  test("every usual way of writing one is stored as 202-224-3121, with an extension as x123", () => {
    for (const typed of ["(202) 224-3121", "202-224-3121", "202.224.3121", "2022243121", "+1 202 224 3121", "1-202-224-3121"])
      expect(storedPhone(typed), typed).toBe("202-224-3121");
    for (const typed of ["(202) 224-3121 ext. 45", "202-224-3121 x45", "202 224 3121 extension 45", "2022243121#45"])
      expect(storedPhone(typed), typed).toBe("202-224-3121 x45");
  });

  test("text, short numbers, area codes or exchanges starting 0 or 1, and foreign numbers are not US numbers", () => {
    for (const typed of ["abc", "call me maybe", "555-0100", "12345", "011-224-3121", "202-124-3121", "+44 20 7946 0958", "202-224-31210"])
      expect(storedPhone(typed), typed).toBeNull();
  });

  test("shown as (202) 224-3121 whatever the stored spelling; a value that is not a US number is shown as stored", () => {
    expect(displayPhone("202-224-3121")).toBe("(202) 224-3121");
    expect(displayPhone("(202) 224-3121")).toBe("(202) 224-3121");
    expect(displayPhone("202-224-3121 x45")).toBe("(202) 224-3121 ext. 45");
    expect(displayPhone("call me maybe")).toBe("call me maybe");
  });

  test("the tel: link dials the number with its country code, then the extension", () => {
    expect(phoneHref("202-224-3121")).toBe("tel:+12022243121");
    expect(phoneHref("202-224-3121 x45")).toBe("tel:+12022243121,45");
  });
});
