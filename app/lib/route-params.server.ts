// The route parameters for public pages' loaders. A loader-only import through this .server module
// keeps zod (about 450 KB) out of the page's browser bundle: an unused import of route-params.ts
// stays in it, because esbuild cannot tell that zod has no side effects (decision 0021).
export { IdParam, StateAbbreviationParam } from "./route-params";
