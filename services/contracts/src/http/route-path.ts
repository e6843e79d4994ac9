// The path half of a route (`/api/drops/:dropId`), without zod: the browser's API client fills paths with it.

/** `/api/drops/:dropId` → `/api/drops/{dropId}`. */
export function toOpenApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/**
 * The concrete path of a route: `/api/drops/:dropId` with `{ dropId: 'a b' }` → `/api/drops/a%20b`. A missing
 * parameter is a programming error, not a request the server should see.
 */
export function routePath(route: { path: string }, params: Record<string, string | number> = {}): string {
  return route.path.replace(/:([A-Za-z0-9_]+)/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.path}: the path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}
