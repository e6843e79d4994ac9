import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CommandBus } from '@nestjs/cqrs';
import type pg from 'pg';
import {
  ConsistencyProofSchema,
  InclusionProofSchema,
  LedgerDigestSchema,
  RecordedDigestsResponseSchema,
  SignedLedgerDigestSchema,
} from '@app/contracts/ledger';
import { GrantAdminRoleCommand } from '../../../src/modules/identity';
import { checkProof } from '../../../src/modules/ledger/publish-digests/check-proof';
import { DIGEST_KEY_FILE } from '../../../src/modules/ledger/publish-digests/digest-signing';
import { DATABASE_POOL } from '../../../src/platform/database/database.tokens';
import { IdentityTestApp, signUp } from '../../identity/support';
import { startLedgerApp } from '../app-support';

jest.setTimeout(120_000);

/** The digest routes: administrators only, the current digest, recorded signed digests, proofs and their refusals. */
describe('ledger digests API', () => {
  let testApp: IdentityTestApp;
  let adminToken: string;
  let pool: pg.Pool;
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    testApp = await startLedgerApp();
    pool = testApp.app.get(DATABASE_POOL);
    const admin = await signUp(testApp);
    adminToken = admin.token;
    await testApp.app.get(CommandBus).execute(new GrantAdminRoleCommand(admin.user.id, 'digests test'));
    for (let index = 0; index < 3; index += 1) await signUp(testApp);
  });
  afterAll(() => testApp.close());

  it('refuses others: 403 on every route', async () => {
    const user = await signUp(testApp);
    for (const path of [
      'digest',
      'digests',
      'proofs/consistency?from=0&to=1',
      `proofs/inclusion?event_id=${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}&position=1`,
    ]) {
      await testApp.http().get(`/api/admin/ledger/${path}`).set(auth(user.token)).expect(403);
    }
    await testApp.http().post('/api/admin/ledger/digests').set(auth(user.token)).expect(403);
  });

  it('serves the current digest, records a signed one with the key generated under DATA_DIR, and lists it', async () => {
    const current = LedgerDigestSchema.parse(
      (await testApp.http().get('/api/admin/ledger/digest').set(auth(adminToken)).expect(200)).body,
    );
    const events = Number((await pool.query<{ count: string }>('SELECT count(*)::text FROM events')).rows[0].count);
    expect(current.position).toBeGreaterThan(0);
    expect(current.position).toBeLessThanOrEqual(events);
    const recorded = SignedLedgerDigestSchema.parse(
      (await testApp.http().post('/api/admin/ledger/digests').set(auth(adminToken)).expect(201)).body,
    );
    expect(recorded.position).toBeGreaterThanOrEqual(current.position);
    expect(existsSync(join(testApp.dataDirectory, DIGEST_KEY_FILE))).toBe(true);
    const listed = RecordedDigestsResponseSchema.parse(
      (await testApp.http().get('/api/admin/ledger/digests?limit=5').set(auth(adminToken)).expect(200)).body,
    );
    expect(listed.digests[0]).toMatchObject({
      position: recorded.position,
      root: recorded.root,
      signature: recorded.signature,
    });
    expect(listed.key_id).toBe(recorded.key_id);
    await testApp.http().get('/api/admin/ledger/digests?limit=0').set(auth(adminToken)).expect(400);
  });

  it('serves inclusion and consistency proofs that check offline, and refuses what it cannot prove', async () => {
    const older = SignedLedgerDigestSchema.parse(
      (await testApp.http().post('/api/admin/ledger/digests').set(auth(adminToken)).expect(201)).body,
    );
    await signUp(testApp);
    const newer = SignedLedgerDigestSchema.parse(
      (await testApp.http().post('/api/admin/ledger/digests').set(auth(adminToken)).expect(201)).body,
    );
    const { public_key: publicKeyPem } = RecordedDigestsResponseSchema.parse(
      (await testApp.http().get('/api/admin/ledger/digests').set(auth(adminToken)).expect(200)).body,
    );
    const first = (
      await pool.query<{ event_id: string }>('SELECT event_id::text FROM ledger_merkle_leaves WHERE leaf_index = 0')
    ).rows[0].event_id;

    const inclusion = InclusionProofSchema.parse(
      (
        await testApp
          .http()
          .get(`/api/admin/ledger/proofs/inclusion?event_id=${first}&position=${newer.position}`)
          .set(auth(adminToken))
          .expect(200)
      ).body,
    );
    expect(inclusion).toMatchObject({ leaf_index: 0, root: newer.root });
    expect(checkProof({ digest: newer, publicKeyPem, proof: inclusion }).valid).toBe(true);
    const consistency = ConsistencyProofSchema.parse(
      (
        await testApp
          .http()
          .get(`/api/admin/ledger/proofs/consistency?from=${older.position}&to=${newer.position}`)
          .set(auth(adminToken))
          .expect(200)
      ).body,
    );
    expect(checkProof({ digest: newer, olderDigest: older, publicKeyPem, proof: consistency }).valid).toBe(true);

    // Without a query: the digest's last event in the tree as it is now, and the empty tree's link to it.
    const latest = InclusionProofSchema.parse(
      (await testApp.http().get('/api/admin/ledger/proofs/inclusion').set(auth(adminToken)).expect(200)).body,
    );
    expect(latest.leaf_index).toBe(latest.position - 1);
    const fromEmpty = ConsistencyProofSchema.parse(
      (await testApp.http().get('/api/admin/ledger/proofs/consistency').set(auth(adminToken)).expect(200)).body,
    );
    expect(fromEmpty).toMatchObject({ from: 0, to: latest.position, proof: [] });

    const beyond = await testApp
      .http()
      .get(`/api/admin/ledger/proofs/consistency?from=1&to=${newer.position + 1_000}`)
      .set(auth(adminToken))
      .expect(422);
    expect(beyond.body).toMatchObject({ code: 'DIGEST_POSITION_NOT_REACHED' });
    await testApp.http().get('/api/admin/ledger/proofs/consistency?from=5&to=2').set(auth(adminToken)).expect(400);
    await testApp.http().get('/api/admin/ledger/proofs/consistency?from=x&to=2').set(auth(adminToken)).expect(400);
    await testApp
      .http()
      .get('/api/admin/ledger/proofs/inclusion?event_id=nope&position=2')
      .set(auth(adminToken))
      .expect(400);
    const missing = await testApp
      .http()
      .get(
        `/api/admin/ledger/proofs/inclusion?event_id=00000000-0000-4000-8000-000000000000&position=${newer.position}`,
      )
      .set(auth(adminToken))
      .expect(404);
    expect(missing.body).toMatchObject({ code: 'EVENT_NOT_IN_TREE' });
    const last = (
      await pool.query<{ event_id: string }>(
        'SELECT event_id::text FROM ledger_merkle_leaves ORDER BY leaf_index DESC LIMIT 1',
      )
    ).rows[0].event_id;
    const after = await testApp
      .http()
      .get(`/api/admin/ledger/proofs/inclusion?event_id=${last}&position=1`)
      .set(auth(adminToken))
      .expect(422);
    expect(after.body).toMatchObject({ code: 'DIGEST_POSITION_NOT_REACHED' });
  });
});
