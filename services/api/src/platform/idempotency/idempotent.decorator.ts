import { applyDecorators, Injectable, SetMetadata, UseInterceptors, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Observable, tap } from 'rxjs';
import { runWithIdempotency, type IdempotencyContext } from './idempotency-context';

const IDEMPOTENT_SCOPE = 'idempotent:scope';

/**
 * Marks a money-moving route as honouring the `Idempotency-Key` header. `scope` names the operation
 * (`POST /api/users/convert`); keys are unique per scope and caller. The handler's use case reads the request
 * through `takeIdempotentRequest()` (the use-case runner and `IdempotencyService` do it for it), and the
 * `Idempotency-Replayed: true` header is set here when the answer was the stored one.
 */
export function Idempotent(scope: string): MethodDecorator {
  return applyDecorators(SetMetadata(IDEMPOTENT_SCOPE, scope), UseInterceptors(IdempotencyInterceptor));
}

@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(execution: ExecutionContext, next: CallHandler): Observable<unknown> {
    const scope = this.reflector.get<string>(IDEMPOTENT_SCOPE, execution.getHandler());
    const http = execution.switchToHttp();
    const request = http.getRequest<FastifyRequest & { authenticatedUser?: { userId: string } }>();
    const reply = http.getResponse<FastifyReply>();
    const header = request.headers['idempotency-key'];
    const context: IdempotencyContext = {
      request: {
        scope: `${scope}:${request.authenticatedUser?.userId ?? 'anonymous'}`,
        key: Array.isArray(header) ? header[0] : header,
        // What the caller asked for: a replay must match both the path's ids and the body.
        body: { params: request.params ?? {}, body: request.body ?? null },
      },
      replayed: false,
    };
    return new Observable((subscriber) =>
      runWithIdempotency(context, () =>
        next
          .handle()
          .pipe(tap(() => (context.replayed ? void reply.header('Idempotency-Replayed', 'true') : undefined)))
          .subscribe(subscriber),
      ),
    );
  }
}
