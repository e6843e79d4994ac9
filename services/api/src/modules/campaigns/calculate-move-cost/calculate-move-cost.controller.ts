import { Body, Controller } from '@nestjs/common';
import { calculateMoveCostRoute, MoveCostRequestSchema, type MoveCostResponse } from '@app/contracts/campaigns';
import type { z } from 'zod';
import { Route } from '../../../platform/http/route.decorator';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { costResponse } from '../campaign-fields';
import { moveCost } from '../domain/move-cost';

/** `calculateMoveCostRoute`: the live cost panel's call (login required, nothing written). */
@Controller()
export class CalculateMoveCostController {
  @Route(calculateMoveCostRoute)
  calculate(
    @Body(new ZodValidationPipe(calculateMoveCostRoute.body)) body: z.output<typeof MoveCostRequestSchema>,
  ): MoveCostResponse {
    return costResponse(
      moveCost({
        campaignType: body.campaignType,
        durationDays: body.duration,
        audienceSize: body.audienceSize,
        locations: body.locations.length,
        interests: body.interests.length,
        isPremium: body.isPremium,
      }),
    );
  }
}
