/**
 * One content item's shares market is one stream: every trade of the item is decided on it. Other contexts read its
 * primary sales (`SharesBought`) there, and lock it while they settle holders.
 */
export const marketStreamId = (contentId: string) => `market-content-${contentId}`;
