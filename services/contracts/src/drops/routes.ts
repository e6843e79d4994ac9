import { z } from 'zod';
import { defineRoute, IdempotencyKeyHeaders } from '../http/route';
import {
  ApplyToDropRequestSchema,
  CompleteApplicationRequestSchema,
  CreateDropRequestSchema,
  DeleteDropResponseSchema,
  DropApplicationListSchema,
  DropApplicationSchema,
  DropListSchema,
  DropSchema,
  ListDropsQuerySchema,
  SubmitWorkRequestSchema,
  UpdateDropRequestSchema,
} from './http';

const DropParams = z.object({ id: z.string().meta({ description: 'A UUID or a number; anything else is a 400' }) });
const ApplicationParams = z.object({ id: z.string() });

export const listDropsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/drops',
  summary: 'Active and closed drops, newest first (`?limit`, `?type=proof|paid|move`, `?creator_id`)',
  request: { query: ListDropsQuerySchema },
  responses: { 200: DropListSchema },
});

export const getDropRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/drops/:id',
  summary: 'One drop',
  request: { params: DropParams },
  responses: { 200: DropSchema },
  errors: { 400: 'The id is neither a UUID nor a number (`INVALID_DROP_ID`)', 404: 'No such drop (`DROP_NOT_FOUND`)' },
});

export const createDropRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/drops',
  summary: "Create a drop (advertisers); a paid drop's gem pool moves from the creator's gems into the drop's escrow",
  request: { body: CreateDropRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 201: DropSchema },
  errors: { 403: 'Not an advertiser', 422: 'Tier rule or limit, or not enough gems for the pool' },
});

export const updateDropRoute = /*#__PURE__*/ defineRoute({
  method: 'put',
  path: '/api/drops/:id',
  summary: 'Edit a drop (its creator); the kind cannot change; a new gem pool total moves the difference',
  request: { params: DropParams, body: UpdateDropRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 200: DropSchema },
  errors: { 403: 'Not the creator', 422: 'Kind change, or the pool cannot cover it' },
});

export const deleteDropRoute = /*#__PURE__*/ defineRoute({
  method: 'delete',
  path: '/api/drops/:id',
  summary: 'Delete a drop (its creator); the remaining pool returns to the creator',
  request: { params: DropParams, headers: IdempotencyKeyHeaders },
  responses: { 200: DeleteDropResponseSchema },
  errors: { 403: 'Not the creator' },
});

export const closeDropRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/drops/:id/complete',
  summary: 'Close a drop (its creator): no more applications; the remaining pool returns to the creator',
  request: { params: DropParams, headers: IdempotencyKeyHeaders },
  responses: { 200: DropSchema },
  errors: { 403: 'Not the creator', 422: 'Already closed' },
});

export const applyToDropRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/drops/:id/apply',
  summary: 'Apply to a drop; paid drops cost keys (Master Key activated today), move drops cost points',
  request: { params: DropParams, body: ApplyToDropRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 201: DropApplicationSchema },
  errors: {
    409: 'Already applied (`ALREADY_APPLIED`)',
    422: "Not active, full, too few followers, 'Master Key must be activated for today', 'Need N more keys'",
  },
});

export const listDropApplicationsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/drops/:id/applications',
  summary: "A drop's applications (its creator only)",
  request: { params: DropParams },
  responses: { 200: DropApplicationListSchema },
  errors: { 403: 'Not the creator' },
});

export const myDropApplicationsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/users/drop-applications',
  summary: "The signed-in user's own applications, newest first",
  tags: ['drops'],
  responses: { 200: DropApplicationListSchema },
});

const reviewRoute = (action: 'approve' | 'reject', summary: string) =>
  defineRoute({
    method: 'post',
    path: `/api/drop-applications/:id/${action}`,
    summary,
    tags: ['drops'],
    request: { params: ApplicationParams, headers: IdempotencyKeyHeaders },
    responses: { 200: DropApplicationSchema },
    errors: { 403: 'Not the drop creator', 422: 'Not pending' },
  });
export const approveApplicationRoute = reviewRoute('approve', 'Approve a pending application (drop creator)');
export const rejectApplicationRoute = reviewRoute(
  'reject',
  'Reject a pending application (drop creator); its cost is refunded',
);

export const completeApplicationRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/drop-applications/:id/complete',
  summary:
    'Complete a submitted application with a review score (drop creator): pays gems from the pool (paid) or ' +
    'keys (move)',
  tags: ['drops'],
  request: { params: ApplicationParams, body: CompleteApplicationRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 200: DropApplicationSchema },
  errors: { 403: 'Not the drop creator', 422: 'Not submitted' },
});

export const submitWorkRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/drop-applications/:id/submit',
  summary: 'Submit work for an approved application (the applicant)',
  tags: ['drops'],
  request: { params: ApplicationParams, body: SubmitWorkRequestSchema },
  responses: { 200: DropApplicationSchema },
  errors: { 403: 'Not the applicant', 422: 'Not approved' },
});
