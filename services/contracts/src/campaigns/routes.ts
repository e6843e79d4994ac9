import { z } from 'zod';
import { defineRoute, IdempotencyKeyHeaders } from '../http/route';
import {
  CampaignContentRequestSchema,
  CampaignDetailSchema,
  CampaignDropRequestSchema,
  CampaignListResponseSchema,
  CampaignStatusRequestSchema,
  CreateCampaignRequestSchema,
  CreateCampaignResponseSchema,
  DeleteCampaignResponseSchema,
  MoveCostRequestSchema,
  MoveCostResponseSchema,
  UpdateCampaignRequestSchema,
} from './http';

const tags = ['campaigns'];
const IdParams = z.object({ id: z.string() });

export const calculateMoveCostRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/campaigns/calculate-move-cost',
  summary:
    'The moves a campaign of this scope costs (base by type × duration × audience and targeting × premium; README)',
  tags,
  request: { body: MoveCostRequestSchema },
  responses: { 200: MoveCostResponseSchema },
});

export const createCampaignRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/campaigns',
  summary: "Create a campaign (a draft) and spend its move cost from the caller's moves into the campaign's escrow",
  tags,
  request: { body: CreateCampaignRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 201: CreateCampaignResponseSchema },
  errors: { 422: "Not enough moves (`INSUFFICIENT_MOVES`, spec 3 §5's text)" },
});

export const listCampaignsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/campaigns',
  summary: "The caller's campaigns, newest first, with their figures",
  tags,
  responses: { 200: CampaignListResponseSchema },
});

export const getCampaignRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/campaigns/:id',
  summary: 'One campaign with its content, per-platform and per-day figures (owner only)',
  tags,
  request: { params: IdParams },
  responses: { 200: CampaignDetailSchema },
  errors: { 403: 'Not the owner', 404: 'Campaign not found' },
});

export const updateCampaignRoute = /*#__PURE__*/ defineRoute({
  method: 'put',
  path: '/api/campaigns/:id',
  summary: 'Edit the name, objective, description, budgets and bidding of a campaign (owner only; not once completed)',
  tags,
  request: { params: IdParams, body: UpdateCampaignRequestSchema },
  responses: { 200: CampaignDetailSchema },
  errors: { 403: 'Not the owner', 404: 'Campaign not found', 409: 'Completed' },
});

export const changeCampaignStatusRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/campaigns/:id/status',
  summary: 'Change the status: draft → active, active ⇄ paused, active|paused → completed (anything else 409)',
  tags,
  request: { params: IdParams, body: CampaignStatusRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 200: CampaignDetailSchema },
  errors: { 403: 'Not the owner', 404: 'Campaign not found', 409: '`INVALID_STATUS_TRANSITION`' },
});

export const deleteCampaignRoute = /*#__PURE__*/ defineRoute({
  method: 'delete',
  path: '/api/campaigns/:id',
  summary:
    'Delete a campaign (owner only); a draft gets its whole move cost back, an activated campaign nothing (README)',
  tags,
  request: { params: IdParams, headers: IdempotencyKeyHeaders },
  responses: { 200: DeleteCampaignResponseSchema },
  errors: { 403: 'Not the owner', 404: 'Campaign not found' },
});

export const addCampaignContentRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/campaigns/:id/content',
  summary: 'Add a content item (any existing content) to the campaign',
  tags,
  request: { params: IdParams, body: CampaignContentRequestSchema },
  responses: { 200: CampaignDetailSchema },
  errors: { 403: 'Not the owner', 404: 'Campaign or content not found', 409: 'Already added, or completed' },
});

export const removeCampaignContentRoute = /*#__PURE__*/ defineRoute({
  method: 'delete',
  path: '/api/campaigns/:id/content/:itemId',
  summary: 'Remove a content item from the campaign',
  tags,
  request: { params: z.object({ id: z.string(), itemId: z.string() }) },
  responses: { 200: CampaignDetailSchema },
  errors: { 403: 'Not the owner', 404: 'Campaign not found or the item is not part of it' },
});

export const addCampaignDropRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/campaigns/:id/drops',
  summary: "Add one of the caller's own drops to the campaign",
  tags,
  request: { params: IdParams, body: CampaignDropRequestSchema },
  responses: { 200: CampaignDetailSchema },
  errors: {
    403: 'Not the owner',
    404: 'Campaign not found, or not one of your drops',
    409: 'Already added, or completed',
  },
});

export const removeCampaignDropRoute = /*#__PURE__*/ defineRoute({
  method: 'delete',
  path: '/api/campaigns/:id/drops/:itemId',
  summary: 'Remove a drop from the campaign',
  tags,
  request: { params: z.object({ id: z.string(), itemId: z.string() }) },
  responses: { 200: CampaignDetailSchema },
  errors: { 403: 'Not the owner', 404: 'Campaign not found or the drop is not part of it' },
});
