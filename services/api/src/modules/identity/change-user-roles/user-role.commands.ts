import { Injectable } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { UserTier, UserType, UserView } from '@app/contracts/identity';
import { IdentityStore } from '../infrastructure/identity-store';
import { toUserView } from '../infrastructure/views';

/** Commands other modules send to change a user's roles (advertiser onboarding, paid tier upgrades, ops). */
export class ChangeUserTypeCommand extends Command<UserView> {
  constructor(
    readonly userId: string,
    readonly userType: UserType,
  ) {
    super();
  }
}

export class ChangeUserTierCommand extends Command<UserView> {
  /** `mode: 'raise'` changes the tier only upward (paid upgrades); `'set'` is for ops. */
  constructor(
    readonly userId: string,
    readonly tier: UserTier,
    readonly mode: 'set' | 'raise' = 'set',
  ) {
    super();
  }
}

export class GrantAdminRoleCommand extends Command<UserView> {
  constructor(
    readonly userId: string,
    readonly reason: string,
  ) {
    super();
  }
}

// Decorated so that the constructor's parameter types are emitted for the subclasses Nest instantiates.
@Injectable()
abstract class UserCommandHandler {
  constructor(protected readonly store: IdentityStore) {}

  protected async answer(userId: string): Promise<UserView> {
    const row = await this.store.findUserById(userId);
    if (!row) throw new Error(`user ${userId} vanished after a command`);
    return toUserView(row, await this.store.referredBy(row.user_id));
  }
}

@CommandHandler(ChangeUserTypeCommand)
export class ChangeUserTypeHandler
  extends UserCommandHandler
  implements ICommandHandler<ChangeUserTypeCommand, UserView>
{
  async execute(command: ChangeUserTypeCommand): Promise<UserView> {
    const now = new Date().toISOString();
    await this.store.executeUser(command.userId, { type: 'ChangeUserType', data: { userType: command.userType, now } });
    return this.answer(command.userId);
  }
}

@CommandHandler(ChangeUserTierCommand)
export class ChangeUserTierHandler
  extends UserCommandHandler
  implements ICommandHandler<ChangeUserTierCommand, UserView>
{
  async execute(command: ChangeUserTierCommand): Promise<UserView> {
    const now = new Date().toISOString();
    const data = { tier: command.tier, onlyRaise: command.mode === 'raise', now };
    await this.store.executeUser(command.userId, { type: 'ChangeUserTier', data });
    return this.answer(command.userId);
  }
}

@CommandHandler(GrantAdminRoleCommand)
export class GrantAdminRoleHandler
  extends UserCommandHandler
  implements ICommandHandler<GrantAdminRoleCommand, UserView>
{
  async execute(command: GrantAdminRoleCommand): Promise<UserView> {
    const now = new Date().toISOString();
    await this.store.executeUser(command.userId, { type: 'GrantAdminRole', data: { reason: command.reason, now } });
    return this.answer(command.userId);
  }
}
