import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import type { EventStore } from '@app/event-store';
import { SignedLedgerDigestSchema } from '@app/contracts/ledger';
import type { Queryable } from '../modules/ledger/infrastructure/ledger-audit';
import { checkProof } from '../modules/ledger/publish-digests/check-proof';
import { verifyDigestSignature } from '../modules/ledger/publish-digests/digest-signing';
import { MerkleLog } from '../modules/ledger/publish-digests/merkle-log';
import {
  parseDigestArgument,
  verifyAgainstDigest,
  type TrustedDigest,
} from '../modules/ledger/publish-digests/verify-against-digest';

/**
 * The digest verbs of `npm run ledger`: `digest`, `verify --digest`, `check-proof` (see the ledger README, "Audit").
 */
export class DigestUsageError extends Error {}

const DigestFileSchema = z.object({ position: z.number().int().min(0), root: z.string().regex(/^[0-9a-f]{64}$/) });

function readJson(path: string, label: string): unknown {
  if (!existsSync(path)) throw new DigestUsageError(`${label} ${path} does not exist`);
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new DigestUsageError(`${label} ${path} is not JSON: ${(error as Error).message}`);
  }
}

/** `--digest <file or root@position>`: a signed file is checked against `--public-key` when one is given. */
export function trustedDigestOf(argument: string, publicKeyFile: string | undefined): TrustedDigest {
  const inline = parseDigestArgument(argument);
  if (inline) return inline;
  const content = readJson(argument, 'The digest file');
  const parsed = DigestFileSchema.safeParse(content);
  if (!parsed.success) throw new DigestUsageError(`The digest file ${argument} has no position and root`);
  if (publicKeyFile) {
    const signed = SignedLedgerDigestSchema.safeParse(content);
    const check = signed.success
      ? verifyDigestSignature(signed.data, readFileSync(publicKeyFile, 'utf8'))
      : { valid: false as const, reason: 'it is not signed' };
    if (!check.valid) throw new DigestUsageError(`The digest file ${argument} is refused: ${check.reason}`);
  }
  return parsed.data;
}

export async function printDigest(
  eventStore: EventStore,
  database: Queryable,
  output: NodeJS.WritableStream,
): Promise<number> {
  const merkle = new MerkleLog(eventStore, database);
  const head = await merkle.sync();
  const root = await merkle.root(head.treeSize);
  const digest = { position: Number(head.treeSize), root: root.toString('hex'), at: new Date().toISOString() };
  output.write(`${JSON.stringify(digest)}\n`);
  return 0;
}

export async function verifyDigest(
  eventStore: EventStore,
  database: Queryable,
  digest: TrustedDigest,
  output: NodeJS.WritableStream,
): Promise<number> {
  const result = await verifyAgainstDigest(eventStore, new MerkleLog(eventStore, database), digest);
  if (result.ok) {
    output.write(`OK: the log's first ${result.position} events reproduce the digest's root ${result.expected_root}\n`);
    return 0;
  }
  output.write(
    `DIFFERS: the log's first ${result.position} events give root ` +
      `${result.found_root ?? '(the log is shorter)'}, the digest says ${result.expected_root}\n`,
  );
  output.write(`  [digest] ${result.difference!.message}\n`);
  return 1;
}

export function runCheckProof(options: Map<string, string>, output: NodeJS.WritableStream): number {
  const digestFile = options.get('digest');
  const publicKeyFile = options.get('public-key');
  const proofFile = options.get('proof');
  if (!digestFile || !publicKeyFile || !proofFile)
    throw new DigestUsageError(
      'check-proof needs --digest <file> --public-key <file> --proof <file> [--older-digest <file>]',
    );
  if (!existsSync(publicKeyFile)) throw new DigestUsageError(`The public key ${publicKeyFile} does not exist`);
  const olderFile = options.get('older-digest');
  const result = checkProof({
    digest: readJson(digestFile, 'The digest file'),
    publicKeyPem: readFileSync(publicKeyFile, 'utf8'),
    proof: readJson(proofFile, 'The proof file'),
    olderDigest: olderFile ? readJson(olderFile, 'The older digest file') : undefined,
  });
  for (const line of result.lines) output.write(`${line}\n`);
  output.write(result.valid ? 'OK: the proof holds\n' : 'FAILED: the proof does not hold\n');
  return result.valid ? 0 : 1;
}
