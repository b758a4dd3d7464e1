// /admin/dashboard: the same screen as /admin.
export { action, ErrorBoundary, default, loader, meta } from "./admin._index";
