/** Where `/api` calls go: the page's origin unless `<meta name="api-base">` says otherwise (as the API client). */
export function apiBaseUrl(): string {
  if (typeof document === 'undefined') return '';
  return document.querySelector('meta[name="api-base"]')?.getAttribute('content') ?? '';
}
