import { Controller, Get, Res } from '@nestjs/common';
import { healthRoute, type HealthResponse } from '@app/contracts';
import type { Response } from 'express';
import { Public } from '../http/public.decorator';
import { HealthService } from './health.service';

@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** `GET /api/health`: 200 when ready, 503 with the same body otherwise (documented by `healthRoute`). */
  @Public()
  @Get(healthRoute.path.replace(/^\/api\//, ''))
  async check(@Res({ passthrough: true }) response: Response): Promise<HealthResponse> {
    const { ready, body } = await this.health.check();
    response.status(ready ? 200 : 503);
    response.setHeader('Cache-Control', 'no-store');
    return body;
  }
}
