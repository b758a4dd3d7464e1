// HTML validity as the Nu HTML Checker judges it, in Node: html-validate with its conformance
// ruleset, plus the checks of errors Nu reports that html-validate has no rule for.
import { HtmlValidate, Rule, type ConfigData, type DOMReadyEvent, type Plugin } from "html-validate";

/** Nu refuses a role on <input type="search">: a combobox must be an <input type="text">. */
class NoRoleOnSearchInput extends Rule {
  documentation() {
    return { description: 'ARIA in HTML allows no role on <input type="search">; a combobox is an <input type="text">.' };
  }
  setup() {
    this.on("dom:ready", (event: DOMReadyEvent) => {
      for (const input of event.document.querySelectorAll('input[type="search"][role]')) {
        this.report(input, `role="${input.getAttributeValue("role")}" is not allowed on <input type="search">`);
      }
    });
  }
}

const plugin: Plugin = { name: "civic-atlas", rules: { "civic-atlas/no-role-on-search-input": NoRoleOnSearchInput } };

export const HTML_VALIDATE_CONFIG: ConfigData = {
  plugins: [plugin],
  // "standard" is html-validate's conformance ruleset (what the HTML standard requires), the
  // closest to the Nu checker. "recommended" adds style and accessibility opinions that Nu does
  // not check (void-element style, attribute case, inline styles, landmark naming...): they are
  // left out, and axe checks accessibility on every page in the browser tests. Nothing in
  // "standard" is turned off.
  extends: ["html-validate:standard"],
  rules: {
    // From "html-validate:document", errors Nu reports as well: a missing doctype, and an
    // aria-labelledby, aria-describedby, aria-controls or label for= pointing at no element.
    "missing-doctype": "error",
    "no-missing-references": "error",
    "civic-atlas/no-role-on-search-input": "error",
  },
};

const validator = new HtmlValidate(HTML_VALIDATE_CONFIG);

/** Every error in a whole document, as "line:column rule: message" lines (none when valid). */
export async function htmlErrors(html: string, name: string): Promise<string[]> {
  const report = await validator.validateString(html, name);
  const errors = report.results.flatMap((r) =>
    r.messages.filter((m) => m.severity === 2).map((m) => `${m.line}:${m.column} ${m.ruleId}: ${m.message}`),
  );
  // Nu: "Stray start tag script" for anything after </html>.
  const end = html.indexOf("</html>");
  if (end === -1) errors.push("the document has no </html>");
  else if (html.slice(end + "</html>".length).trim()) errors.push(`content after </html>: ${html.slice(end + 7, end + 87)}...`);
  return errors;
}
