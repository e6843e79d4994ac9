import { Command } from '@nestjs/cqrs';

/**
 * What a fresh demo sandbox needs to try the product, asked of the drops context through the command bus (identity
 * does not know how drops are made): `own` gives a demo advertiser a couple of drops of its own; `for-creator`
 * gives a demo creator's companion advertiser (itself a fresh sandbox) a proof drop for the creator to apply to.
 * The drops are created through the drops context's own commands, by the sandbox advertiser, so they are demo drops.
 */
export class SeedDemoDropsCommand extends Command<{ dropIds: string[] }> {
  constructor(
    readonly advertiserUserId: string,
    readonly purpose: 'own' | 'for-creator',
  ) {
    super();
  }
}
