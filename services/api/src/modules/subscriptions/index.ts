/**
 * The subscriptions context's public surface: other modules send it `CreditMovesAllowanceCommand`
 * (`@app/contracts/subscriptions`), which credits the advertiser's moves allowance of the current period (once per
 * period): send it before spending moves.
 */
export {};
