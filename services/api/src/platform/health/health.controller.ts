import { Controller, Get, Res } from '@nestjs/common';
import { healthRoute, type HealthResponse } from '@app/contracts';
import type { FastifyReply } from 'fastify';
import { Public } from '../http/public.decorator';
import { HealthService } from './health.service';

@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** `GET /api/health`: 200 when ready, 503 with the same body otherwise (documented by `healthRoute`). */
  @Public()
  @Get(healthRoute.path.replace(/^\/api\//, ''))
  async check(@Res({ passthrough: true }) response: FastifyReply): Promise<HealthResponse> {
    const { ready, body } = await this.health.check();
    void response.status(ready ? 200 : 503).header('Cache-Control', 'no-store');
    return body;
  }
}
