import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { contactKey, extractContacts, formatPhone } from "~/lib/contact-extract";

const page = (name: string) => readFileSync(`tests/fixtures/crawler/${name}`, "utf8");

describe("reading contacts from an official's pages", () => {
  test("a House member's home page: footer offices, labelled phones before a hotline in the news, no fax, profiles not share buttons", () => {
    const found = extractContacts(page("house-home.html"), "https://crawlerfield.house.gov/");
    expect(found).toEqual({
      email: [],
      phone: ["202-555-0143", "614-555-0178", "800-555-0199"],
      officeAddress: ["1436 Longworth House Office Building, Washington, DC 20515", "200 North High Street, Suite 400, Columbus, OH 43215"],
      contactFormUrl: ["https://crawlerfield.house.gov/contact/email-me"],
      xProfileUrl: ["https://x.com/RepCrawlerfield"],
      facebookUrl: ["https://www.facebook.com/RepDanaCrawlerfield"],
      instagramUrl: [],
      youtubeUrl: ["https://www.youtube.com/@RepCrawlerfield"],
      contactLinks: ["https://crawlerfield.house.gov/contact/email-me", "https://crawlerfield.house.gov/contact"],
      hasContactForm: false,
    });
  });

  test("a House contact page: tel links and address blocks", () => {
    const found = extractContacts(page("house-contact.html"), "https://crawlerfield.house.gov/contact");
    expect(found.phone).toEqual(["202-555-0143", "614-555-0178"]);
    expect(found.officeAddress[0]).toBe("1436 Longworth House Office Building, Washington, DC 20515");
    expect(found.contactFormUrl).toEqual(["https://crawlerfield.house.gov/contact/email-me"]);
  });

  test("a senator's pages: <address> blocks, x.com and Instagram; a page holding the message form is the contact form", () => {
    const home = extractContacts(page("senate-home.html"), "https://www.spiderton.senate.gov/");
    expect(home.phone).toEqual(["202-555-0121", "406-555-0160"]);
    expect(home.officeAddress).toEqual([
      "320 Hart Senate Office Building, Washington, DC 20510",
      "Federal Building, 2900 4th Avenue North, Suite 201, Billings, MT 59101",
    ]);
    expect(home.xProfileUrl).toEqual(["https://x.com/SenSpiderton"]);
    expect(home.instagramUrl).toEqual(["https://www.instagram.com/senspiderton"]);
    expect(home.contactFormUrl).toEqual([]);
    expect(home.contactLinks).toEqual(["https://www.spiderton.senate.gov/contact"]);

    const contact = extractContacts(page("senate-contact.html"), "https://www.spiderton.senate.gov/contact");
    expect(contact.hasContactForm).toBe(true);
    expect(contact.contactFormUrl).toEqual(["https://www.spiderton.senate.gov/contact"]);
  });

  test("a governor's page: a mailto link with a subject and an email in the text, a +1 tel link, a schema.org address", () => {
    const found = extractContacts(page("governor-home.html"), "https://governor.example.gov/");
    expect(found.email).toEqual(["constituent.services@governor.example.gov", "press@governor.example.gov"]);
    expect(found.phone).toEqual(["334-555-0100"]);
    expect(found.officeAddress).toEqual(["State Capitol, 600 Dexter Avenue, Montgomery, AL 36130"]);
    expect(found.xProfileUrl).toEqual(["https://x.com/GovScrapewell"]);
    expect(found.youtubeUrl).toEqual(["https://www.youtube.com/user/GovernorScrapewell"]);
    expect(found.contactLinks).toEqual(["https://governor.example.gov/contact/"]);
  });

  test("a page with nothing to find finds nothing", () => {
    const found = extractContacts("<p>Under construction. Call back in 2027, room 12.</p><img src='logo@2x.png'>", "https://a.example/");
    expect(
      Object.values(found)
        .flat()
        .filter((v) => v !== false),
    ).toEqual([]);
  });
});

describe("comparing contacts", () => {
  test("the same contact in another spelling has the same key", () => {
    expect(contactKey("phone", "(202) 224-3121")).toBe(contactKey("phone", "+1 202.224.3121"));
    expect(contactKey("email", "Info@Example.gov ")).toBe(contactKey("email", "info@example.gov"));
    expect(contactKey("officeAddress", "State Capitol; 600 Dexter Avenue; Montgomery, AL 36130-2751")).toBe(
      contactKey("officeAddress", "State Capitol, 600 Dexter Avenue, Montgomery, AL 36130"),
    );
    expect(contactKey("xProfileUrl", "https://twitter.com/GovKayIvey")).toBe(contactKey("xProfileUrl", "https://x.com/govkayivey/"));
    expect(contactKey("contactFormUrl", "http://www.example.gov/contact/")).toBe(
      contactKey("contactFormUrl", "https://example.gov/contact"),
    );
  });

  test("different contacts differ", () => {
    expect(contactKey("phone", "202-224-3121")).not.toBe(contactKey("phone", "202-224-3122"));
    expect(contactKey("officeAddress", "1 Main St, Dover, DE 19901")).not.toBe(contactKey("officeAddress", "2 Main St, Dover, DE 19901"));
  });

  test("phones are written 202-224-3121; anything else is no US phone", () => {
    expect(formatPhone("+1 (202) 224-3121")).toBe("202-224-3121");
    expect(formatPhone("12345")).toBeNull();
    expect(formatPhone("011-224-3121")).toBeNull();
  });
});
