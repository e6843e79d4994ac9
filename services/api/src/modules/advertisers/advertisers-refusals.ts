import { ADVERTISER_MESSAGES } from '@app/contracts/advertisers';
import { ApiError } from '../../platform/http/api-error';
import type { BrandProfileRefusal } from './domain/brand-profile';

/** The one place the advertisers' refusals become HTTP answers. */
export function brandProfileRefusalError(refusal: BrandProfileRefusal): ApiError {
  switch (refusal) {
    case 'CALLER_MUST_BE_ADVERTISER':
      return new ApiError(403, 'ADVERTISERS_ONLY', ADVERTISER_MESSAGES.advertisersOnly);
    case 'BRAND_NAME_MUST_NOT_BE_BLANK':
      return new ApiError(400, 'VALIDATION_ERROR', ADVERTISER_MESSAGES.brandNameRequired, undefined, [
        { field: 'brand_name', message: ADVERTISER_MESSAGES.brandNameRequired },
      ]);
  }
}
