/** The shop context's public surface: other modules ask it `GetActiveBoostsQuery` (`@app/contracts/shop`). */
export {};
