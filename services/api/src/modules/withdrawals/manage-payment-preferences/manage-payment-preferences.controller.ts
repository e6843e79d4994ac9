import { Body, Controller, Inject, Param } from '@nestjs/common';
import { v4 as uuidv4 } from 'uuid';
import {
  PaymentPreferenceIdParamsSchema,
  WITHDRAWAL_MESSAGES,
  createPaymentPreferenceRoute,
  maskPaymentDetails,
  validatePaymentDetails,
  type PaymentPreference,
  getPaymentPreferencesRoute,
  setDefaultPaymentPreferenceRoute,
  deletePaymentPreferenceRoute,
} from '@app/contracts/withdrawals';
import type { EventStore } from '@app/event-store';
import { EVENT_STORE } from '../../../platform/database/database.tokens';
import { badRequest, notFound } from '../../../platform/http/api-error';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { WITHDRAWALS_CONFIG, type WithdrawalsConfig } from '../config/withdrawals-config';
import { DetailsCipher } from '../infrastructure/details-cipher';
import { Route } from '../../../platform/http/route.decorator';

interface PreferenceRow {
  id: string;
  payment_method: string;
  masked_details: Record<string, string>;
  is_default: boolean;
  created_at: Date;
}

const view = (row: PreferenceRow): PaymentPreference => ({
  id: row.id,
  payment_method: row.payment_method,
  preference_data: row.masked_details,
  is_default: row.is_default,
  created_at: row.created_at.toISOString(),
});
const COLUMNS = 'id::text AS id, payment_method, masked_details, is_default, created_at';

/**
 * Saved payout methods (`/api/users/payment-preferences`): owner only, validated per method like a withdrawal,
 * details sealed with AES-256-GCM (PAYMENT_DETAILS_KEY, bound to the owner) and masked in every answer. One default
 * per user: the first saved, or whichever is set; the partial unique index refuses a second. A plain table, not a
 * stream: nothing is decided on it and no money moves.
 */
@Controller()
export class ManagePaymentPreferencesController {
  constructor(
    private readonly cipher: DetailsCipher,
    @Inject(WITHDRAWALS_CONFIG) private readonly config: WithdrawalsConfig,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  @Route(getPaymentPreferencesRoute)
  async list(@CurrentUser() caller: AuthenticatedUser): Promise<PaymentPreference[]> {
    return this.eventStore.withTransaction(async (transaction) => {
      const rows = await transaction.query<PreferenceRow>(
        `SELECT ${COLUMNS} FROM payment_preferences WHERE user_id = $1 ORDER BY is_default DESC, created_at DESC`,
        [caller.userId],
      );
      return rows.rows.map(view);
    });
  }

  @Route(createPaymentPreferenceRoute)
  async create(
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(createPaymentPreferenceRoute.body))
    body: { payment_method: string; preference_data: Record<string, unknown>; is_default?: boolean },
  ): Promise<PaymentPreference> {
    const method = this.config.methods.find(
      (candidate) => candidate.method_name === body.payment_method.toLowerCase() && candidate.is_active,
    );
    if (!method)
      throw badRequest('VALIDATION_ERROR', WITHDRAWAL_MESSAGES.unknownMethod, [
        { field: 'payment_method', message: WITHDRAWAL_MESSAGES.unknownMethod },
      ]);
    const checked = validatePaymentDetails(method.required_fields, body.preference_data);
    if (!checked.ok)
      throw badRequest(
        'VALIDATION_ERROR',
        checked.errors[0].message,
        checked.errors.map((error) => ({ ...error, field: `preference_data.${error.field}` })),
      );
    const details = Object.fromEntries(
      Object.entries(checked.details).filter(([, value]) => value !== undefined),
    ) as Record<string, string>;
    const id = uuidv4();
    return this.eventStore.withTransaction(async (transaction) => {
      // Serialise one user's default changes: two concurrent "default" saves must not both clear and set.
      await transaction.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`payment-preferences:${caller.userId}`]);
      const existing = await transaction.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM payment_preferences WHERE user_id = $1',
        [caller.userId],
      );
      const makeDefault = body.is_default === true || existing.rows[0].count === 0;
      if (makeDefault)
        await transaction.query('UPDATE payment_preferences SET is_default = false WHERE user_id = $1 AND is_default', [
          caller.userId,
        ]);
      const inserted = await transaction.query<PreferenceRow>(
        `INSERT INTO payment_preferences (id, user_id, payment_method, sealed_details, masked_details, is_default)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
        [
          id,
          caller.userId,
          method.method_name,
          this.cipher.encrypt(details, caller.userId),
          JSON.stringify(maskPaymentDetails(details)),
          makeDefault,
        ],
      );
      return view(inserted.rows[0]);
    });
  }

  @Route(setDefaultPaymentPreferenceRoute)
  async setDefault(
    @CurrentUser() caller: AuthenticatedUser,
    @Param(new ZodValidationPipe(PaymentPreferenceIdParamsSchema)) params: { id: string },
  ): Promise<PaymentPreference> {
    return this.eventStore.withTransaction(async (transaction) => {
      await transaction.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`payment-preferences:${caller.userId}`]);
      const found = await transaction.query<{ id: string }>(
        'SELECT id::text AS id FROM payment_preferences WHERE id = $1 AND user_id = $2',
        [params.id, caller.userId],
      );
      if (found.rows.length === 0)
        throw notFound('PAYMENT_PREFERENCE_NOT_FOUND', WITHDRAWAL_MESSAGES.preferenceNotFound);
      await transaction.query(
        'UPDATE payment_preferences SET is_default = false WHERE user_id = $1 AND is_default AND id <> $2',
        [caller.userId, params.id],
      );
      const updated = await transaction.query<PreferenceRow>(
        `UPDATE payment_preferences SET is_default = true WHERE id = $1 RETURNING ${COLUMNS}`,
        [params.id],
      );
      return view(updated.rows[0]);
    });
  }

  @Route(deletePaymentPreferenceRoute)
  async remove(
    @CurrentUser() caller: AuthenticatedUser,
    @Param(new ZodValidationPipe(PaymentPreferenceIdParamsSchema)) params: { id: string },
  ): Promise<{ success: true }> {
    return this.eventStore.withTransaction(async (transaction) => {
      await transaction.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`payment-preferences:${caller.userId}`]);
      const deleted = await transaction.query<{ is_default: boolean }>(
        'DELETE FROM payment_preferences WHERE id = $1 AND user_id = $2 RETURNING is_default',
        [params.id, caller.userId],
      );
      if (deleted.rows.length === 0)
        throw notFound('PAYMENT_PREFERENCE_NOT_FOUND', WITHDRAWAL_MESSAGES.preferenceNotFound);
      if (deleted.rows[0].is_default) {
        await transaction.query(
          `UPDATE payment_preferences SET is_default = true WHERE id = (SELECT id FROM payment_preferences
           WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1)`,
          [caller.userId],
        );
      }
      return { success: true as const };
    });
  }
}
