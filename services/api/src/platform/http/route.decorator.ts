import { applyDecorators, HttpCode, RequestMapping, RequestMethod } from '@nestjs/common';
import type { AnyRoute, HttpMethod } from '@app/contracts';

const REQUEST_METHODS: Record<HttpMethod, RequestMethod> = {
  get: RequestMethod.GET,
  post: RequestMethod.POST,
  put: RequestMethod.PUT,
  patch: RequestMethod.PATCH,
  delete: RequestMethod.DELETE,
};

/** The path Nest maps: the contract's path without the global `/api` prefix (unprefixed routes stay as they are). */
export function handlerPath(route: Pick<AnyRoute, 'path'>): string {
  return route.path.replace(/^\/api(\/|$)/, '');
}

/**
 * Binds a handler to its route in the contracts: method, path and the success status the document promises, so a
 * controller holds no path string of its own (`@Controller()` without a prefix, then `@Route(convertCurrencyRoute)`).
 */
export function Route(route: AnyRoute): MethodDecorator {
  return applyDecorators(
    RequestMapping({ path: handlerPath(route), method: REQUEST_METHODS[route.method] }),
    HttpCode(route.successStatus),
  );
}
