/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/*.server.{ts,tsx}"],
  serverModuleFormat: "esm",
  postcss: true,
  tailwind: false,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    // The whole route manifest (about 4.4 KB gzipped, cached for good) comes with the first page, so no
    // page waits on a /__manifest request after it loads before a link can be followed (decision 0027).
    v3_lazyRouteDiscovery: false,
    v3_singleFetch: true,
  },
};
