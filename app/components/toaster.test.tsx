// The one toast region renders, on the server, the toast a page hands it while rendering, so it is in
// the HTML without JavaScript; the page's toast wins over the root's cookie toast.
import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { Toaster, useToast, type Toast, type ToastPlacement } from "~/components/toaster";

function Page({ toast, placement }: { toast?: Toast; placement?: ToastPlacement }) {
  useToast(toast, placement);
  return <main>The page</main>;
}

/** The server's HTML of a page in the root's region: `cookie` is the root's cookie toast, `page` the page's own. */
const serverHtml = (cookie: Toast | null, page?: Toast, placement?: ToastPlacement) =>
  renderToStaticMarkup(
    <Toaster toast={cookie}>
      <Page toast={page} placement={placement} />
    </Toaster>,
  );

const cookieToast: Toast = { title: "Profile updated", variant: "default" };
const refusal: Toast = { title: "Error", description: "Please fill in all required fields.", variant: "destructive" };

test("the page's toast is in the server's HTML, in the one region, after the page", () => {
  const html = serverHtml(null, refusal);
  expect(html.match(/role="region"/g)).toHaveLength(1);
  expect(html.indexOf("The page")).toBeLessThan(html.indexOf("Please fill in all required fields."));
  expect(html).toContain('data-testid="toast"');
  expect(html).toContain("bottom-4"); // a page's answer keeps to the corner
});

test("the cookie toast sits inline; a page's toast handed over in the same render replaces it", () => {
  const cookieOnly = serverHtml(cookieToast);
  expect(cookieOnly).toContain("Profile updated");
  expect(cookieOnly).not.toContain("fixed");
  const both = serverHtml(cookieToast, refusal, "top");
  expect(both).not.toContain("Profile updated");
  expect(both).toContain("Please fill in all required fields.");
  expect(both).toContain("top-4");
});

test("no toast: the region is there, empty", () => {
  const html = serverHtml(null);
  expect(html).toContain('aria-label="Notifications (F8)"');
  expect(html).not.toContain('data-testid="toast"');
});
