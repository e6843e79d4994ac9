/** The drops context's public surface: other modules ask it `ListDropsQuery` (`@app/contracts/drops`). */
export {};
