// /admin/dashboard: the same screen as /admin (spec 3 §2).
export { action, ErrorBoundary, default, loader, meta } from "./admin._index";
