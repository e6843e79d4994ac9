import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BullMqJobQueue } from '../jobs/bullmq-job-queue';
import type { JobQueue } from '../jobs/job-queue.port';

export const QUEUE_BOARD_PATH = '/api/admin/queues';
/** The admin-only Nest route the board's requests are checked against (identity's guard decides, as everywhere). */
export const QUEUE_BOARD_ACCESS_PATH = '/api/admin/queues-access';

/**
 * Asks the application whether this caller may see the board: the same session guard as every `@AdminOnly()` route
 * (bearer or cookie, cross-site refusal included), through an in-process request to the access route. A refusal is
 * that route's own answer (401, 403) in the documented error shape.
 */
async function refuseUnlessAdmin(
  fastify: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const headers: Record<string, string> = {};
  for (const name of ['authorization', 'cookie', 'origin', 'referer', 'sec-fetch-site', 'x-request-id']) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const check = await fastify.inject({ method: 'GET', url: QUEUE_BOARD_ACCESS_PATH, headers });
  if (check.statusCode === 204) return;
  await reply.status(check.statusCode).header('content-type', 'application/json; charset=utf-8').send(check.body);
}

/**
 * Bull Board for administrators at `/api/admin/queues` (the full view of the BullMQ queue: every state, payloads,
 * retry, clean). Without Redis the jobs run in-process and there is no board (the path is a plain 404): the console's
 * own jobs view (`/api/admin/jobs/failed`) is the way.
 */
export function installQueueBoard(fastify: FastifyInstance, queue: JobQueue): void {
  if (!(queue instanceof BullMqJobQueue)) return;
  void fastify.register(
    async (scope) => {
      scope.addHook('onRequest', (request, reply) => refuseUnlessAdmin(fastify, request, reply));
      const serverAdapter = new FastifyAdapter();
      serverAdapter.setBasePath(QUEUE_BOARD_PATH);
      createBullBoard({
        queues: [new BullMQAdapter(queue.bullQueue)],
        serverAdapter,
        options: { uiConfig: { boardTitle: 'Jobs' } },
      });
      await scope.register(serverAdapter.registerPlugin());
    },
    { prefix: QUEUE_BOARD_PATH },
  );
}
