import { Controller, Res } from '@nestjs/common';
import {
  healthRoute,
  livenessRoute,
  readinessRoute,
  type HealthResponse,
  type LivenessResponse,
  type ReadinessResponse,
} from '@app/contracts';
import type { FastifyReply } from 'fastify';
import { Public } from '../http/public.decorator';
import { Route } from '../http/route.decorator';
import { HealthService } from './health.service';

@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** `GET /api/health`: 200 when ready, 503 with the same body otherwise (documented by `healthRoute`). */
  @Public()
  @Route(healthRoute)
  async check(@Res({ passthrough: true }) response: FastifyReply): Promise<HealthResponse> {
    const { ready, body } = await this.health.check();
    void response.status(ready ? 200 : 503).header('Cache-Control', 'no-store');
    return body;
  }

  /** `GET /api/health/live`: the process answers; nothing else is asked, so a slow database never restarts it. */
  @Public()
  @Route(livenessRoute)
  live(@Res({ passthrough: true }) response: FastifyReply): LivenessResponse {
    void response.header('Cache-Control', 'no-store');
    return this.health.live();
  }

  /** `GET /api/health/ready`: 200 when this process should get traffic, 503 with the reasons otherwise. */
  @Public()
  @Route(readinessRoute)
  async ready(@Res({ passthrough: true }) response: FastifyReply): Promise<ReadinessResponse> {
    const { ready, body } = await this.health.ready();
    void response.status(ready ? 200 : 503).header('Cache-Control', 'no-store');
    return body;
  }
}
