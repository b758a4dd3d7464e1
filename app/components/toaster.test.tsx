// The one toast region renders, on the server, the toast a page hands it while rendering, so it is in
// the HTML without JavaScript; the page's toast wins over the root's cookie toast.
import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { Toaster, useToast, type Toast, type ToastPlacement } from "~/components/toaster";

function Page({ toast, placement }: { toast?: Toast; placement?: ToastPlacement }) {
  useToast(toast, placement);
  return <main>The page</main>;
}

const cookieToast: Toast = { title: "Profile updated", variant: "default" };
const refusal: Toast = { title: "Error", description: "Please fill in all required fields.", variant: "destructive" };

test("the page's toast is in the server's HTML, in the one region, after the page", () => {
  const html = renderToStaticMarkup(
    <Toaster toast={null}>
      <Page toast={refusal} />
    </Toaster>,
  );
  expect(html.match(/role="region"/g)).toHaveLength(1);
  expect(html.indexOf("The page")).toBeLessThan(html.indexOf("Please fill in all required fields."));
  expect(html).toContain('data-testid="toast"');
  expect(html).toContain("bottom-4"); // a page's answer keeps to the corner
});

test("the cookie toast sits inline; a page's toast handed over in the same render replaces it", () => {
  const cookieOnly = renderToStaticMarkup(
    <Toaster toast={cookieToast}>
      <Page />
    </Toaster>,
  );
  expect(cookieOnly).toContain("Profile updated");
  expect(cookieOnly).not.toContain("fixed");
  const both = renderToStaticMarkup(
    <Toaster toast={cookieToast}>
      <Page toast={refusal} placement="top" />
    </Toaster>,
  );
  expect(both).not.toContain("Profile updated");
  expect(both).toContain("Please fill in all required fields.");
  expect(both).toContain("top-4");
});

test("no toast: the region is there, empty", () => {
  const html = renderToStaticMarkup(
    <Toaster toast={null}>
      <Page />
    </Toaster>,
  );
  expect(html).toContain('aria-label="Notifications (F8)"');
  expect(html).not.toContain('data-testid="toast"');
});
