// The lazy chunks a signed-in first page starts before its session is checked (first-page.ts) and its routes render
// (app-routes.tsx): one import each, so both find the same download.
export const loadAppLayout = () => import('../features/layout/app-layout');
export const loadDashboardPage = () => import('../features/dashboard/dashboard-page');
