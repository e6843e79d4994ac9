import { Module } from '@nestjs/common';
import { AppUsersAliasController, MeController } from './me/me.controller';

/**
 * Read models composed from several contexts (`/me`), above the modules that feed them: each part is asked through
 * its context's public query, so no context imports another for the composition's sake.
 */
@Module({ controllers: [MeController, AppUsersAliasController] })
export class CompositionsModule {}
