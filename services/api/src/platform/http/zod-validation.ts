import { PipeTransform } from '@nestjs/common';
import { z } from 'zod';
import { ApiError, FieldError } from './api-error';

/** Parses untrusted input with a zod schema; failures become a 400 with one entry per offending field. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors: FieldError[] = result.error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)',
    message: issue.message,
  }));
  throw new ApiError(400, 'VALIDATION_ERROR', fieldErrors[0]?.message ?? 'Invalid input', undefined, fieldErrors);
}

/** `@Body(new ZodValidationPipe(Schema))` — the controller receives the parsed, typed value. */
export class ZodValidationPipe<Schema extends z.ZodType> implements PipeTransform<unknown, z.output<Schema>> {
  constructor(private readonly schema: Schema) {}
  transform(value: unknown): z.output<Schema> {
    return parseInput(this.schema, value);
  }
}
