import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { runLedgerCli } from '../../../src/cli/ledger';
import { userAccount } from '../../../src/modules/ledger/domain/accounts';
import { checkProof } from '../../../src/modules/ledger/publish-digests/check-proof';
import { publicKeyPem, signDigest } from '../../../src/modules/ledger/publish-digests/digest-signing';
import { LedgerDigests } from '../../../src/modules/ledger/publish-digests/ledger-digests';
import { verifyAgainstDigest } from '../../../src/modules/ledger/publish-digests/verify-against-digest';
import { verifyLedger } from '../../../src/modules/ledger/infrastructure/ledger-audit';
import { LedgerExecutor, newTransactionId } from '../../../src/modules/ledger/infrastructure/ledger-executor';
import { settledHead } from '../../platform/support/test-store';
import { LedgerTestContext, openLedgerTestContext } from '../support';
import { dropMerkleTree, rewriteAndRehash, type TransactionData } from './tamper';

jest.setTimeout(120_000);

function capture() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk) => (text += chunk.toString()));
  return { stream, text: () => text };
}

/**
 * Issue 47's attack: an insider raises a demo top-up of 5,000 points to 500,000, rehashes the stream and rebuilds the
 * projections, so every hash chain and projection check passes. A digest kept outside the system finds it (with the
 * position), an inclusion proof of the changed event fails, a consistency proof from the older digest fails even when
 * the stored tree is rebuilt too, and plain verify reports the credit above its rule's bound.
 */
describe('auditor digests against the rewrite-rehash-rebuild attack', () => {
  let context: LedgerTestContext;
  let executor: LedgerExecutor;
  let digests: LedgerDigests;
  let privateKey: KeyObject;
  let directory: string;
  const savedUrl = process.env.DATABASE_URL;
  const now = () => new Date().toISOString();

  beforeEach(async () => {
    context = await openLedgerTestContext();
    process.env.DATABASE_URL = context.testDatabase.url;
    executor = new LedgerExecutor(context.eventStore);
    privateKey = generateKeyPairSync('ed25519').privateKey;
    digests = new LedgerDigests(context.eventStore, context.database.pool, privateKey);
    directory = mkdtempSync(join(tmpdir(), 'ledger-digests-'));
    writeFileSync(join(directory, 'key.pub.pem'), publicKeyPem(privateKey));
    await executor.execute({
      type: 'OpenUserAccounts',
      data: { userId: 'alice', transactionId: newTransactionId(), now: now() },
    });
    await executor.execute({
      type: 'FundDemoPersona',
      data: { userId: 'demo', persona: 'creator', transactionId: newTransactionId(), now: now() },
    });
    await executor.execute({
      type: 'OpenUserAccounts',
      data: { userId: 'bob', transactionId: newTransactionId(), now: now() },
    });
    await executor.execute({
      type: 'PostTransaction',
      data: {
        transactionId: 'tip-1',
        reasonCode: 'TRANSFER',
        description: 'alice to bob',
        postings: [
          {
            debitAccount: userAccount('alice'),
            creditAccount: userAccount('bob'),
            currency: 'points',
            amountMinor: 30n,
          },
        ],
        now: now(),
      },
    });
    await context.catchUp();
  });
  afterEach(async () => {
    process.env.DATABASE_URL = savedUrl;
    await context.close();
  });

  async function demoFundingEventId(): Promise<string> {
    const found = await context.database.pool.query<{ event_id: string }>(
      "SELECT event_id::text FROM events WHERE stream_id = 'ledger-account-demo' AND data->>'reasonCode' = 'DEMO_FUNDING'",
    );
    return found.rows[0].event_id;
  }

  async function attack(): Promise<string> {
    const eventId = await demoFundingEventId();
    await rewriteAndRehash(context.eventStore, context.database.pool, eventId, (data) => {
      for (const posting of data.postings)
        if (posting.currency === 'points') posting.amountMinor = String(BigInt(posting.amountMinor) * 100n);
      return data;
    });
    for (const projection of ['ledger_balances', 'ledger_transactions'])
      expect(await runLedgerCli(['rebuild', projection], capture().stream, capture().stream)).toBe(0);
    return eventId;
  }

  /**
   * A digest covers the log's safe end, which an open transaction anywhere in the cluster (another test file's) may
   * hold back: each digest here is taken once the head covers every event the test wrote.
   */
  async function recordSettled() {
    await settledHead(context);
    return digests.record();
  }

  const leafPosition = async (eventId: string) =>
    Number(
      (
        await context.database.pool.query<{ leaf_index: string }>(
          'SELECT leaf_index::text FROM ledger_merkle_leaves WHERE event_id = $1',
          [eventId],
        )
      ).rows[0].leaf_index,
    ) + 1;

  it('verify --digest finds the rewritten credit and names its position; plain verify reports it above its bound', async () => {
    const { digest } = await recordSettled();
    await executor.execute({
      type: 'OpenUserAccounts',
      data: { userId: 'carol', transactionId: newTransactionId(), now: now() },
    });
    await settledHead(context);
    expect((await verifyLedger(context.eventStore)).findings).toEqual([]);
    expect((await verifyAgainstDigest(context.eventStore, digests.merkle, digest)).ok).toBe(true);
    const current = await digests.current();
    const printed = capture();
    expect(await runLedgerCli(['digest'], printed.stream, capture().stream)).toBe(0);
    expect(JSON.parse(printed.text())).toEqual({
      position: current.position,
      root: current.root,
      at: expect.any(String),
    });
    expect(current.position).toBe(digest.position + 3);

    const eventId = await attack();
    const report = await verifyLedger(context.eventStore);
    // Chains, sums and projections all pass again: only the bound gives it away.
    expect(report.findings.map((finding) => finding.check)).toEqual(['issuance_bound', 'issuance_bound']);
    expect(report.findings[0].message).toContain(
      'issues 500000 points to user:demo under DEMO_FUNDING; the rule bounds one credit to 5000 points',
    );

    const position = await leafPosition(eventId);
    const result = await verifyAgainstDigest(context.eventStore, digests.merkle, digest);
    expect(result).toMatchObject({
      ok: false,
      difference: { position, exact: true, kind: 'changed', event: { id: eventId, stream_id: 'ledger-account-demo' } },
    });

    const inline = capture();
    expect(
      await runLedgerCli(['verify', '--digest', `${digest.root}@${digest.position}`], inline.stream, capture().stream),
    ).toBe(1);
    expect(inline.text()).toContain(
      `first at position ${position} (now event ${eventId}, ledger-account-demo version 2): an event was changed there`,
    );
    const file = join(directory, 'digest.json');
    writeFileSync(file, JSON.stringify(digest));
    const fromFile = capture();
    expect(
      await runLedgerCli(
        ['verify', '--digest', file, '--public-key', join(directory, 'key.pub.pem')],
        fromFile.stream,
        capture().stream,
      ),
    ).toBe(1);
    expect(fromFile.text()).toContain('DIFFERS');
    expect(await runLedgerCli(['verify'], capture().stream, capture().stream)).toBe(1);
  });

  it('verify --digest also finds an event removed before the digest, at its position', async () => {
    const { digest } = await recordSettled();
    const eventId = await demoFundingEventId();
    const position = await leafPosition(eventId);
    await context.database.pool.query('DELETE FROM events WHERE event_id = $1', [eventId]);
    const result = await verifyAgainstDigest(context.eventStore, digests.merkle, digest);
    expect(result.difference).toMatchObject({ position, exact: true, kind: 'removed' });
  });

  it('verify --digest finds an event inserted into history before the digest, at its position', async () => {
    const { digest } = await recordSettled();
    await executor.execute({
      type: 'OpenUserAccounts',
      data: { userId: 'mallory', transactionId: newTransactionId(), now: now() },
    });
    // Its events are moved in front of the log's first event, as if they had always been there.
    await context.database.pool.query(
      `UPDATE events SET transaction_id = (SELECT min(transaction_id) FROM events), position = -position
       WHERE stream_id = 'ledger-account-mallory'`,
    );
    const result = await verifyAgainstDigest(context.eventStore, digests.merkle, digest);
    expect(result.difference).toMatchObject({
      position: 1,
      exact: true,
      kind: 'inserted',
      event: { stream_id: 'ledger-account-mallory' },
    });
  });

  it('an inclusion proof verifies offline with the digest and the public key, and fails for a changed event', async () => {
    const { digest } = await recordSettled();
    const eventId = await demoFundingEventId();
    const proof = await digests.inclusion(eventId, digest.position);
    expect(proof.path.length).toBeLessThanOrEqual(Math.ceil(Math.log2(digest.position)));
    const publicKey = publicKeyPem(privateKey);
    expect(checkProof({ digest, publicKeyPem: publicKey, proof })).toMatchObject({ valid: true });
    const edited = structuredClone(proof);
    (edited.event.data as TransactionData).postings[0].amountMinor = '5000000';
    expect(checkProof({ digest, publicKeyPem: publicKey, proof: edited }).valid).toBe(false);

    writeFileSync(join(directory, 'digest.json'), JSON.stringify(digest));
    writeFileSync(join(directory, 'proof.json'), JSON.stringify(proof));
    const output = capture();
    const args = [
      'check-proof',
      '--digest',
      join(directory, 'digest.json'),
      '--public-key',
      join(directory, 'key.pub.pem'),
      '--proof',
      join(directory, 'proof.json'),
    ];
    expect(await runLedgerCli(args, output.stream, capture().stream)).toBe(0);
    expect(output.text()).toContain('OK: the proof holds');

    // After the attack the system serves the rewritten event: its proof no longer reaches the auditor's digest.
    await attack();
    const afterAttack = await digests.inclusion(eventId, digest.position);
    expect(checkProof({ digest, publicKeyPem: publicKey, proof: afterAttack }).valid).toBe(false);
    writeFileSync(join(directory, 'proof.json'), JSON.stringify(afterAttack));
    expect(await runLedgerCli(args, capture().stream, capture().stream)).toBe(1);
  });

  it('a consistency proof links an older digest to a newer one, and fails once history before the older one changed', async () => {
    const older = (await recordSettled()).digest;
    await executor.execute({
      type: 'OpenUserAccounts',
      data: { userId: 'dave', transactionId: newTransactionId(), now: now() },
    });
    const newer = (await recordSettled()).digest;
    const publicKey = publicKeyPem(privateKey);
    const honest = await digests.consistency(older.position, newer.position);
    expect(checkProof({ digest: newer, olderDigest: older, publicKeyPem: publicKey, proof: honest })).toMatchObject({
      valid: true,
    });

    // The insider rewrites history before the older digest, rebuilds the stored tree and signs a fresh digest.
    await attack();
    await dropMerkleTree(context.database.pool);
    const rewritten = (await recordSettled()).digest;
    const proof = await digests.consistency(older.position, rewritten.position);
    const check = checkProof({ digest: rewritten, olderDigest: older, publicKeyPem: publicKey, proof });
    expect(check.valid).toBe(false);
    expect(check.lines.at(-1)).toContain(`history before position ${older.position} changed`);
  });

  it('refuses a digest signed with another key, or altered after signing', async () => {
    const { digest } = await recordSettled();
    const proof = await digests.inclusion(await demoFundingEventId(), digest.position);
    const publicKey = publicKeyPem(privateKey);
    const forged = signDigest(
      { position: digest.position, root: digest.root, at: digest.at },
      generateKeyPairSync('ed25519').privateKey,
    );
    const refused = checkProof({ digest: forged, publicKeyPem: publicKey, proof });
    expect(refused.valid).toBe(false);
    expect(refused.lines[0]).toContain('The digest is refused: the digest was signed with key');
    const altered = { ...digest, position: digest.position + 1 };
    expect(checkProof({ digest: altered, publicKeyPem: publicKey, proof }).lines[0]).toContain(
      'the signature does not match',
    );

    writeFileSync(join(directory, 'forged.json'), JSON.stringify(forged));
    const errors = capture();
    expect(
      await runLedgerCli(
        ['verify', '--digest', join(directory, 'forged.json'), '--public-key', join(directory, 'key.pub.pem')],
        capture().stream,
        errors.stream,
      ),
    ).toBe(2);
    expect(errors.text()).toContain('is refused: the digest was signed with key');
  });
});
