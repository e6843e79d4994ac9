import { z } from 'zod';
import {
  AdvertiserDropPostedSchema,
  DROP_EVENT_SCHEMAS,
  DropApplicationApprovedSchema,
  DropApplicationCompletedSchema,
  DropApplicationPaidSchema,
  DropApplicationReceivedSchema,
  DropApplicationRejectedSchema,
  DropClosedSchema,
  DropCreatedSchema,
  DropDeletedSchema,
  DropUpdatedSchema,
  DropWorkSubmittedSchema,
  type DropEventType,
} from '@app/contracts/drops';

/** Events of a drop's stream, `{ type, data }` as stored (amounts as strings of minor units). */
export type DropEvent =
  | { type: 'DropCreated'; data: z.infer<typeof DropCreatedSchema> }
  | { type: 'DropUpdated'; data: z.infer<typeof DropUpdatedSchema> }
  | { type: 'DropClosed'; data: z.infer<typeof DropClosedSchema> }
  | { type: 'DropDeleted'; data: z.infer<typeof DropDeletedSchema> }
  | { type: 'DropApplicationReceived'; data: z.infer<typeof DropApplicationReceivedSchema> }
  | { type: 'DropApplicationApproved'; data: z.infer<typeof DropApplicationApprovedSchema> }
  | { type: 'DropApplicationRejected'; data: z.infer<typeof DropApplicationRejectedSchema> }
  | { type: 'DropWorkSubmitted'; data: z.infer<typeof DropWorkSubmittedSchema> }
  | { type: 'DropApplicationCompleted'; data: z.infer<typeof DropApplicationCompletedSchema> }
  | { type: 'DropApplicationPaid'; data: z.infer<typeof DropApplicationPaidSchema> };

export type AdvertiserEvent = { type: 'AdvertiserDropPosted'; data: z.infer<typeof AdvertiserDropPostedSchema> };

export const dropStreamId = (dropId: string) => `drop-${dropId}`;
export const advertiserStreamId = (userId: string) => `drop-advertiser-${userId}`;

/** Parses a stored drop event at the edge; an unknown type or a payload that does not parse throws. */
export function parseDropEvent(stored: { type: string; data: unknown }): DropEvent {
  const schema = DROP_EVENT_SCHEMAS[stored.type as DropEventType];
  if (!schema) throw new Error(`Not a drop event: ${stored.type}`);
  return { type: stored.type, data: schema.parse(stored.data) } as DropEvent;
}

export function parseAdvertiserEvent(stored: { type: string; data: unknown }): AdvertiserEvent {
  if (stored.type !== 'AdvertiserDropPosted') throw new Error(`Not an advertiser drop event: ${stored.type}`);
  return { type: 'AdvertiserDropPosted', data: AdvertiserDropPostedSchema.parse(stored.data) };
}
