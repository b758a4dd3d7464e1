// What the contact crawler reads from an official's web page (app/jobs/contact-crawl.server.ts):
// emails, phones, office addresses, the contact form and social profiles, each list in the order
// found (the first is the one suggested), plus the links worth following to a contact page. Pure:
// HTML in, values out. contactKey() says when two values are the same contact.
import { load, type CheerioAPI } from "cheerio";
import { storedPhone } from "~/lib/phone";

/** The Official columns the crawler fills. */
export const CONTACT_COLUMNS = [
  "email",
  "phone",
  "officeAddress",
  "contactFormUrl",
  "xProfileUrl",
  "facebookUrl",
  "instagramUrl",
  "youtubeUrl",
] as const;
export type ContactColumn = (typeof CONTACT_COLUMNS)[number];

export type PageContacts = Record<ContactColumn, string[]> & {
  /** Links to a contact page or form, form-like ones ("Email Me", "Contact Form") first. */
  contactLinks: string[];
  /** The page itself holds a message form (a form with a text area). */
  hasContactForm: boolean;
};

const BLOCKS = "p, div, li, address, td, th, dd, dt, h1, h2, h3, h4, h5, h6, section, footer, header, article";
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const NOT_EMAIL = /\.(png|jpe?g|gif|svg|webp)$/i;
// A US number: optional +1, area code and exchange not starting with 0 or 1, not inside a longer number.
const PHONE = /(?<![\d-])(?:\+?1[\s.-]?)?\(?([2-9]\d{2})\)?[\s.-]?([2-9]\d{2})[\s.-]?(\d{4})(?![\d-])/g;
const FAX_BEFORE = /fax\s*(?:number)?\s*[:.-]?\s*$/i;
const PHONE_BEFORE = /\b(phone|tel|telephone|main|office)\s*(?:number)?\s*[:.-]?\s*$/i;
const LABEL = /\b(phone|fax|tel|hours)\b/i;
const STATE_ZIP = /\b[A-Z]{2},?\s+\d{5}(?:-\d{4})?\b/;
const STREET =
  /^(\d+\s|p\.?\s?o\.?\s+box|state capitol|capitol|.*\b(building|bldg|street|st\.|avenue|ave\.?|road|rd\.|boulevard|blvd|drive|dr\.|suite|room|floor|plaza|place|way|highway|hwy)\b)/i;
const FORM_LINK =
  /\b(email (me|us|the \w+|senator|congressman|congresswoman|governor|representative|\w+)|contact form|write (to )?(me|us|the|your)|send (a |me a |us a )?message|share your (opinion|views|thoughts))\b/i;
const NOT_FORM = /newsletter|updates|sign[ -]?up|subscribe|alerts/i;
const CONTACT_LINK = /^\s*contact\b|\bcontact (us|me|the office|information)\b/i;
const FORM_PATH = /\/(email-?me|write-?(to-?)?\w*|contact-?form|forms?\/(email|contact|write)\w*)/i;
const CONTACT_PATH = /\/contact(-?us|-?me|-information)?(\/|$|\.)/i;

export function extractContacts(html: string, pageUrl: string): PageContacts {
  const $ = load(html);
  $("script, style, noscript, template, svg").remove();
  const links = $("a[href]")
    .toArray()
    .map((a) => ({ href: $(a).attr("href")!.trim(), text: $(a).text().replace(/\s+/g, " ").trim(), label: $(a).attr("aria-label") ?? "" }));
  const absolute = (href: string) => {
    try {
      const url = new URL(href, pageUrl);
      return /^https?:$/.test(url.protocol) ? url : null;
    } catch {
      return null;
    }
  };

  // mailto links first, then addresses written out in the text.
  const emails = links.filter((l) => /^mailto:/i.test(l.href)).map((l) => safeDecode(l.href.slice(7).split("?")[0]));
  const text = blockText($);
  emails.push(...(text.match(EMAIL) ?? []));

  // tel links first, then numbers in the text; a number labelled as a fax is not a phone.
  const phones: string[] = [];
  for (const l of links.filter((l) => /^tel:/i.test(l.href) && !/fax/i.test(`${l.text} ${l.label}`))) {
    const phone = formatPhone(l.href.slice(4));
    if (phone) phones.push(phone);
  }
  // Numbers labelled as a phone ("Phone:", "Main:") before other numbers in the text (a hotline in a news item).
  const unlabelled: string[] = [];
  for (const match of text.matchAll(PHONE)) {
    const before = text.slice(Math.max(0, match.index - 20), match.index);
    if (FAX_BEFORE.test(before)) continue;
    (PHONE_BEFORE.test(before) ? phones : unlabelled).push(`${match[1]}-${match[2]}-${match[3]}`);
  }
  phones.push(...unlabelled);

  const urlsOf = (list: typeof links) => unique(list.flatMap((l) => absolute(l.href) ?? []).map(withoutHash));
  const formLinks = urlsOf(links.filter(isFormLink));
  const contactLinks = unique([
    ...formLinks,
    ...urlsOf(links.filter((l) => CONTACT_LINK.test(`${l.text} ${l.label}`) || CONTACT_PATH.test(l.href))),
  ]);
  const hasContactForm = $("form").filter((_, form) => $(form).find("textarea").length > 0).length > 0;

  const social = { xProfileUrl: [] as string[], facebookUrl: [] as string[], instagramUrl: [] as string[], youtubeUrl: [] as string[] };
  for (const l of links) {
    const url = absolute(l.href);
    const profile = url && socialProfile(url);
    if (profile) social[profile.column].push(profile.url);
  }

  return {
    email: unique(emails.map((e) => e.trim().toLowerCase()).filter((e) => new RegExp(`^${EMAIL.source}$`).test(e) && !NOT_EMAIL.test(e))),
    phone: unique(phones),
    officeAddress: uniqueBy(addresses($, text), (a) => contactKey("officeAddress", a)),
    contactFormUrl: unique([...(hasContactForm ? [withoutHash(new URL(pageUrl))] : []), ...formLinks]),
    ...Object.fromEntries(Object.entries(social).map(([column, urls]) => [column, unique(urls)])),
    contactLinks,
    hasContactForm,
  } as PageContacts;
}

/** A link to a message form: "Email Me", "Contact Form", "Share Your Opinion", /email-me; not a newsletter sign-up. */
function isFormLink(link: { href: string; text: string; label: string }) {
  const words = `${link.text} ${link.label}`;
  return (FORM_LINK.test(words) || FORM_PATH.test(link.href)) && !NOT_FORM.test(words);
}

/** The page's text with a line break after each block and at each <br>, so lines stay apart. */
function blockText($: CheerioAPI) {
  // Line breaks in the source are only spaces; the lines are the <br>s and the blocks.
  $("body *")
    .contents()
    .each((_, node) => {
      if (node.type === "text") node.data = node.data.replace(/\s+/g, " ");
    });
  $("br").replaceWith("\n");
  $(BLOCKS).each((_, el) => {
    $(el).prepend("\n").append("\n");
  });
  return $("body")
    .text()
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}

/**
 * Office addresses: <address> blocks and elements marked as addresses (class or itemprop), then
 * any lines of text ending in "ST 12345" after a street line. Each is its lines joined with ", ".
 */
function addresses($: CheerioAPI, text: string) {
  const found: string[] = [];
  $('address, [itemprop="address"], [class*="address" i]').each((_, el) => {
    const lines = $(el)
      .text()
      .split("\n")
      .map((line) => line.replace(/\s+/g, " ").trim())
      .filter(Boolean);
    const address = addressFrom(lines);
    if (address) found.push(address);
  });
  const lines = text.split("\n");
  lines.forEach((line, i) => {
    if (!STATE_ZIP.test(line)) return;
    const address = addressFrom(lines.slice(Math.max(0, i - 3), i + 1));
    if (address) found.push(address);
  });
  return found;
}

/** The street lines that lead to a "City, ST 12345" line, or null when they do not look like an address. */
function addressFrom(lines: string[]) {
  const end = lines.findIndex((line) => STATE_ZIP.test(line));
  if (end < 0) return null;
  const zip = lines[end].match(STATE_ZIP)!;
  const cityLine = lines[end].slice(0, zip.index! + zip[0].length);
  let start = end;
  while (start > 0 && STREET.test(lines[start - 1]) && !LABEL.test(lines[start - 1])) start--;
  if (start === end && !STREET.test(cityLine)) return null; // a city and ZIP alone are no address
  return [...lines.slice(start, end), cityLine].map((l) => l.replace(/[,;]\s*$/, "")).join(", ");
}

/** The profile a link points to, as a canonical URL; share buttons and site pages are not profiles. */
function socialProfile(url: URL): { column: "xProfileUrl" | "facebookUrl" | "instagramUrl" | "youtubeUrl"; url: string } | null {
  const host = url.hostname.toLowerCase().replace(/^(www|mobile|m)\./, "");
  const path = url.pathname.replace(/\/+$/, "");
  const first = path.split("/")[1] ?? "";
  if (host === "x.com" || host === "twitter.com") {
    const handle = /^\/([A-Za-z0-9_]{1,15})$/.exec(path)?.[1];
    if (!handle || ["intent", "share", "home", "search", "hashtag", "i", "login"].includes(handle.toLowerCase())) return null;
    return { column: "xProfileUrl", url: `https://x.com/${handle}` };
  }
  if (host === "facebook.com") {
    if (!first || /^(sharer|share|dialog|plugins|login)/i.test(first) || first.endsWith(".php")) return null;
    return { column: "facebookUrl", url: `https://www.facebook.com${path}` };
  }
  if (host === "instagram.com") {
    if (!/^[A-Za-z0-9_.]+$/.test(first) || ["p", "explore", "accounts"].includes(first)) return null;
    return { column: "instagramUrl", url: `https://www.instagram.com/${first}` };
  }
  if (host === "youtube.com") {
    if (!/^(@[\w.-]+|(user|channel|c)\/[\w.-]+)$/.test(path.slice(1))) return null;
    return { column: "youtubeUrl", url: `https://www.youtube.com${path}` };
  }
  return null;
}

/** A US number in the stored form, 202-224-3121 (the congress-legislators style), else null. */
export const formatPhone = (value: string) => storedPhone(safeDecode(value));

/**
 * What makes two values of a column the same contact, whatever their spelling: emails ignore case;
 * phones compare digits; addresses ignore case, punctuation and a ZIP+4 suffix; URLs ignore the
 * scheme, "www.", a trailing slash, the query, and twitter.com for x.com.
 */
export function contactKey(column: ContactColumn, value: string) {
  const v = value.trim();
  switch (column) {
    case "email":
      return v.toLowerCase();
    case "phone":
      return v.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
    case "officeAddress":
      return v
        .toLowerCase()
        .replace(/\b(\d{5})-\d{4}\b/g, "$1")
        .replace(/[^a-z0-9]+/g, " ")
        .trim();
    default: {
      const url = (() => {
        try {
          return new URL(/^https?:\/\//i.test(v) ? v : `https://${v}`);
        } catch {
          return null;
        }
      })();
      if (!url) return v.toLowerCase();
      const host = url.hostname
        .toLowerCase()
        .replace(/^www\./, "")
        .replace(/^twitter\.com$/, "x.com");
      const path = url.pathname.replace(/\/+$/, "");
      return `${host}${column === "contactFormUrl" ? path : path.toLowerCase()}`;
    }
  }
}

const withoutHash = (url: URL) => {
  const copy = new URL(url);
  copy.hash = "";
  return copy.href;
};
const unique = (values: string[]) => [...new Set(values)];
const uniqueBy = (values: string[], key: (v: string) => string) => {
  const seen = new Set<string>();
  return values.filter((v) => !seen.has(key(v)) && seen.add(key(v)));
};
const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};
