/** Stream ids of the engagement context (see `@app/contracts/engagement` events for what each holds). */
export { contentPoolStreamId } from '@app/contracts/engagement';
export const userContentStreamId = (contentId: string, userId: string) => `engagement-${contentId}-${userId}`;
export const sponsorshipStreamId = (sponsorshipId: string) => `sponsorship-${sponsorshipId}`;
export const utcDayOf = (iso: string) => iso.slice(0, 10);
