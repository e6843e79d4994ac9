import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { requestIdFor } from '../logging/logging.module';
import { ApiError } from './api-error';

/** Largest JSON body accepted; bigger ones are a 413 before any handler runs. */
export const JSON_BODY_LIMIT = '1mb';

interface BodyParserError extends Error {
  type?: string;
  status?: number;
}

/**
 * Installs the JSON body parser and translates its failures into ApiErrors, so the global filter answers
 * `MALFORMED_JSON` (400) and `PAYLOAD_TOO_LARGE` (413) in the usual shape. Nest's default parser would turn them
 * into a bare BadRequestException and lose which failure it was. Requires `bodyParser: false` at creation.
 */
export function installJsonBodyParser(application: INestApplication): void {
  const express = application as NestExpressApplication;
  express.use((request: Request, response: Response, next: NextFunction) => {
    requestIdFor(request, response);
    next();
  });
  express.useBodyParser('json', { limit: JSON_BODY_LIMIT });
  express.use((error: BodyParserError, _request: Request, _response: Response, next: NextFunction) => {
    switch (error.type) {
      case 'entity.parse.failed':
        return next(new ApiError(400, 'MALFORMED_JSON', 'The request body is not valid JSON'));
      case 'entity.too.large':
        return next(new ApiError(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than ${JSON_BODY_LIMIT}`));
      case 'encoding.unsupported':
      case 'charset.unsupported':
        return next(new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', error.message));
      case 'request.aborted':
      case 'request.size.invalid':
      case 'stream.encoding.set':
        return next(new ApiError(400, 'BAD_REQUEST', 'The request body could not be read'));
      default:
        return next(error);
    }
  });
}
