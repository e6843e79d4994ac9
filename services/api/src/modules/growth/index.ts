/** The growth context's public surface: nothing other modules need yet (its money moves through the ledger's port). */
export {};
