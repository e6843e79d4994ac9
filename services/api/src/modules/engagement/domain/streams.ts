/** Stream ids of the engagement context (see `@app/contracts/engagement` events for what each holds). */
export const userContentStreamId = (contentId: string, userId: string) => `engagement-${contentId}-${userId}`;
export const contentPoolStreamId = (contentId: string) => `engagement-content-${contentId}`;
export const sponsorshipStreamId = (sponsorshipId: string) => `sponsorship-${sponsorshipId}`;
export const utcDayOf = (iso: string) => iso.slice(0, 10);
