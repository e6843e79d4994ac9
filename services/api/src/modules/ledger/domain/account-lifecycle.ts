import { Currency, DemoPersona, minorUnitsPerUnit } from '@app/contracts/ledger';
import { SYSTEM_ACCOUNTS, userAccount } from './accounts';
import { CommandOf, LedgerDecision, LedgerDecisionState, accepted, refuse, stateOf } from './decision';
import { LedgerEvent, Posting, utcDayOf } from './events';
import { postTransaction } from './transaction-rules';
import { availableBalance } from './user-ledger';

/** Opening, demo sandboxes and their funding: the only credits the ledger issues on its own. */

export const OPENING_GRANT: Readonly<Partial<Record<Currency, bigint>>> = Object.freeze({
  points: 250n, // 25 points at scale 1
  keys: 1n,
});

/**
 * Demo persona floors in minor units: 5,000 points, 20 keys, 1,000 gems, 500 gold; advertisers 1,000 moves, investors
 * $1,000.
 */
export function demoPersonaFloor(persona: DemoPersona): Partial<Record<Currency, bigint>> {
  const floor: Partial<Record<Currency, bigint>> = {
    points: 5_000n * minorUnitsPerUnit('points'),
    keys: 20n * minorUnitsPerUnit('keys'),
    gems: 1_000n * minorUnitsPerUnit('gems'),
    gold: 500n * minorUnitsPerUnit('gold'),
  };
  if (persona === 'advertiser') floor.moves = 1_000n * minorUnitsPerUnit('moves');
  if (persona === 'investor') floor.usd = 1_000n * minorUnitsPerUnit('usd');
  return floor;
}

export function decideOpenUserAccounts(
  command: CommandOf<'OpenUserAccounts'>,
  state: LedgerDecisionState,
): LedgerDecision {
  const { userId, transactionId, now } = command.data;
  const user = stateOf(state, userId);
  // Opening is idempotent per user: a second request changes nothing.
  if (user.opened) return accepted(userId, []);
  const postings = grantPostings(userId, OPENING_GRANT);
  return postTransaction(
    state,
    { transactionId, reasonCode: 'ACCOUNT_OPENING', description: 'Welcome bonus', postings, occurredAt: now },
    new Map([[userId, [{ type: 'LedgerAccountOpened', data: { userId, openedAt: now } }]]]),
  );
}

export function decideFundDemoPersona(
  command: CommandOf<'FundDemoPersona'>,
  state: LedgerDecisionState,
): LedgerDecision {
  const { userId, persona, transactionId, now } = command.data;
  const user = stateOf(state, userId);
  const utcDay = utcDayOf(now);
  // DEMO_FUNDING is issued to sandboxes only: a real user's open account is never topped up this way.
  if (user.opened && !user.sandbox) return refuse('DEMO_FUNDING_MUST_GO_TO_A_SANDBOX');
  // An expired sandbox is not funded again (the daily job may still list it).
  if (user.archived) return accepted(userId, []);
  // Idempotent per UTC day: the daily job and every start may ask again.
  if (user.lastDemoFundingDay === utcDay) return accepted(userId, []);
  const topUps: Partial<Record<Currency, bigint>> = {};
  for (const [currency, floor] of Object.entries(demoPersonaFloor(persona)) as [Currency, bigint][]) {
    const missing = floor - availableBalance(user, currency);
    if (missing > 0n) topUps[currency] = missing;
  }
  const opening: LedgerEvent[] = user.opened
    ? []
    : [{ type: 'LedgerAccountOpened', data: { userId, openedAt: now, sandbox: true } }];
  const postings = grantPostings(userId, topUps);
  const funded = (id: string | null): LedgerEvent => ({
    type: 'LedgerDemoPersonaFunded',
    data: { userId, persona, utcDay, transactionId: id },
  });
  if (postings.length === 0) return accepted(userId, [...opening, funded(null)]);
  return postTransaction(
    state,
    {
      transactionId,
      reasonCode: 'DEMO_FUNDING',
      description: `Demo ${persona} daily top-up`,
      postings,
      occurredAt: now,
    },
    new Map([[userId, opening]]),
    new Map([[userId, [funded(transactionId)]]]),
  );
}

export function decideArchiveSandbox(command: CommandOf<'ArchiveSandbox'>, state: LedgerDecisionState): LedgerDecision {
  const { userId, now } = command.data;
  const user = stateOf(state, userId);
  if (!user.sandbox) return refuse('ONLY_A_SANDBOX_MUST_BE_ARCHIVED');
  if (user.archived) return accepted(userId, []);
  return accepted(userId, [{ type: 'LedgerSandboxArchived', data: { userId, archivedAt: now, reason: 'inactive' } }]);
}

function grantPostings(userId: string, amounts: Partial<Record<Currency, bigint>>): Posting[] {
  return (Object.entries(amounts) as [Currency, bigint][])
    .filter(([, amountMinor]) => amountMinor > 0n)
    .map(([currency, amountMinor]) => ({
      debitAccount: SYSTEM_ACCOUNTS.issuance,
      creditAccount: userAccount(userId),
      currency,
      amountMinor,
    }));
}
