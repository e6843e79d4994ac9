import { z } from 'zod';
import { DropKindSchema, SubmissionTypeSchema } from './events';
import { DROP_MESSAGES, isHttpUrl, optionalText } from './http-fields';

// Applications to a drop: the view, and the apply, submit-work and complete requests.

export const DROP_APPLICATION_STATUSES = ['pending', 'approved', 'rejected', 'submitted', 'completed', 'paid'] as const;
export const DropApplicationStatusSchema = z.enum(DROP_APPLICATION_STATUSES);
export type DropApplicationStatus = z.infer<typeof DropApplicationStatusSchema>;

export const DropApplicationSchema = z
  .object({
    id: z.string(),
    drop_id: z.string(),
    drop_title: z.string(),
    drop_kind: DropKindSchema,
    advertiser_brand_name: z.string(),
    user_id: z.string(),
    applicant_name: z.string(),
    status: DropApplicationStatusSchema,
    application_message: z.string(),
    submission_type: SubmissionTypeSchema.nullable(),
    submission_data: z.string().nullable(),
    submission_url: z.string().nullable(),
    submission_notes: z.string().nullable(),
    key_cost: z.number(),
    points_cost: z.number(),
    gems_earned: z.number(),
    keys_earned: z.number(),
    review_score: z.number().nullable(),
    is_demo: z.boolean(),
    applied_at: z.string(),
    approved_at: z.string().nullable(),
    rejected_at: z.string().nullable(),
    submitted_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    paid_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'DropApplication' });
export type DropApplicationView = z.infer<typeof DropApplicationSchema>;

export const ApplyToDropRequestSchema = z
  .object({
    application_message: z
      .string({ error: DROP_MESSAGES.messageRequired })
      .trim()
      .min(1, DROP_MESSAGES.messageRequired)
      .max(5000),
  })
  .meta({ id: 'ApplyToDropRequest' });
export type ApplyToDropRequest = z.infer<typeof ApplyToDropRequestSchema>;

export const SubmitWorkRequestSchema = z
  .object({
    submission_type: SubmissionTypeSchema,
    submission_data: z
      .string({ error: DROP_MESSAGES.submissionDataRequired })
      .trim()
      .min(1, DROP_MESSAGES.submissionDataRequired)
      .max(10_000),
    submission_notes: optionalText(5000),
  })
  .superRefine((input, context) => {
    if (input.submission_type === 'url' && !isHttpUrl(input.submission_data)) {
      context.addIssue({ code: 'custom', path: ['submission_data'], message: DROP_MESSAGES.invalidSubmissionUrl });
    }
  })
  .meta({ id: 'SubmitWorkRequest' });
export type SubmitWorkRequest = z.infer<typeof SubmitWorkRequestSchema>;

export const CompleteApplicationRequestSchema = z
  .object({
    review_score: z
      .number({ error: DROP_MESSAGES.reviewScoreRange })
      .int(DROP_MESSAGES.reviewScoreRange)
      .min(1, DROP_MESSAGES.reviewScoreRange)
      .max(10, DROP_MESSAGES.reviewScoreRange),
  })
  .meta({ id: 'CompleteApplicationRequest' });
export type CompleteApplicationRequest = z.infer<typeof CompleteApplicationRequestSchema>;

export const DropApplicationListSchema = z.array(DropApplicationSchema);
