import { Module } from '@nestjs/common';
import { AppUsersAliasController, MeController } from './me/me.controller';
import { PublicProfileController } from './public-profile/public-profile.controller';

/**
 * Read models composed from several contexts (`/me`, public profiles), above the modules that feed them: each part is
 * asked through its context's public query, so no context imports another for the composition's sake.
 */
@Module({ controllers: [MeController, AppUsersAliasController, PublicProfileController] })
export class CompositionsModule {}
