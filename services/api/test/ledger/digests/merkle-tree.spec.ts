import {
  EMPTY_TREE_ROOT,
  MerkleFrontier,
  consistencyProof,
  frontierIndex,
  frontierLevels,
  inclusionProof,
  leafHash,
  rangeHash,
  verifyConsistency,
  verifyInclusion,
  type NodeSource,
} from '../../../src/modules/ledger/publish-digests/merkle-tree';

/**
 * The tree against the test vectors of Certificate Transparency's reference implementation (RFC 6962's leaves
 * "", 00, 10, 2021, 3031, 40414243, 5051…57, 6061…6f): roots of every size 1-8, audit paths and consistency proofs.
 * If ours match theirs, third-party verifiers of RFC 6962 / 9162 proofs check ours.
 */
const LEAF_INPUTS = [
  '',
  '00',
  '10',
  '2021',
  '3031',
  '40414243',
  '5051525354555657',
  '606162636465666768696a6b6c6d6e6f',
].map((hex) => Buffer.from(hex, 'hex'));
const ROOTS = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];
const hex = (hashes: Buffer[]) => hashes.map((hash) => hash.toString('hex'));
const unhex = (hashes: string[]) => hashes.map((hash) => Buffer.from(hash, 'hex'));

/** Every node of the tree of the given leaves, kept as a store keeps them. */
function storeOf(leaves: Buffer[]): NodeSource {
  const nodes = new Map<string, Buffer>();
  const frontier = new MerkleFrontier(0n);
  for (const leaf of leaves)
    for (const node of frontier.append(leafHash(leaf))) nodes.set(`${node.level}/${node.index}`, node.hash);
  return (level, index) => {
    const hash = nodes.get(`${level}/${index}`);
    if (!hash) throw new Error(`no node ${level}/${index}`);
    return hash;
  };
}

describe('Merkle tree (RFC 6962 / 9162)', () => {
  const source = storeOf(LEAF_INPUTS);

  it('the empty tree is the hash of nothing', () => {
    expect(EMPTY_TREE_ROOT.toString('hex')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('gives the reference roots for trees of 1 to 8 leaves, from stored nodes and from the frontier alike', () => {
    const frontier = new MerkleFrontier(0n);
    for (let size = 1; size <= 8; size += 1) {
      frontier.append(leafHash(LEAF_INPUTS[size - 1]));
      expect(rangeHash(source, 0n, BigInt(size)).toString('hex')).toBe(ROOTS[size - 1]);
      expect(frontier.root().toString('hex')).toBe(ROOTS[size - 1]);
    }
  });

  it('gives the reference audit paths, and they verify; a changed leaf or root does not', () => {
    const cases: [bigint, bigint, string[]][] = [
      [0n, 1n, []],
      [
        0n,
        8n,
        [
          '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
          '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
          '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
        ],
      ],
      [
        5n,
        8n,
        [
          'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
          'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
          'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
        ],
      ],
      [2n, 3n, ['fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125']],
      [
        1n,
        5n,
        [
          '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
          '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
          'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
        ],
      ],
    ];
    for (const [index, size, expected] of cases) {
      const path = inclusionProof(source, index, size);
      expect(hex(path)).toEqual(expected);
      const root = Buffer.from(ROOTS[Number(size) - 1], 'hex');
      const leaf = leafHash(LEAF_INPUTS[Number(index)]);
      expect(verifyInclusion(index, size, leaf, path, root)).toBe(true);
      expect(verifyInclusion(index, size, leafHash(Buffer.from('ff', 'hex')), path, root)).toBe(false);
      expect(
        verifyInclusion(
          index,
          size,
          leaf,
          path,
          Buffer.from(ROOTS[0], 'hex').equals(root) ? Buffer.from(ROOTS[1], 'hex') : Buffer.from(ROOTS[0], 'hex'),
        ),
      ).toBe(false);
    }
  });

  it('every leaf of every size proves its inclusion and no other position', () => {
    for (let size = 1n; size <= 8n; size += 1n) {
      const root = rangeHash(source, 0n, size);
      for (let index = 0n; index < size; index += 1n) {
        const path = inclusionProof(source, index, size);
        expect(verifyInclusion(index, size, leafHash(LEAF_INPUTS[Number(index)]), path, root)).toBe(true);
        if (size > 1n)
          expect(verifyInclusion((index + 1n) % size, size, leafHash(LEAF_INPUTS[Number(index)]), path, root)).toBe(
            false,
          );
      }
    }
  });

  it('gives the reference consistency proofs, and every pair of sizes verifies; a changed old root does not', () => {
    const cases: [bigint, bigint, string[]][] = [
      [1n, 1n, []],
      [
        1n,
        8n,
        [
          '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
          '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
          '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
        ],
      ],
      [
        6n,
        8n,
        [
          '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
          'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
          'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
        ],
      ],
      [
        2n,
        5n,
        [
          '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
          'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
        ],
      ],
    ];
    for (const [oldSize, newSize, expected] of cases)
      expect(hex(consistencyProof(source, oldSize, newSize))).toEqual(expected);
    for (let newSize = 1n; newSize <= 8n; newSize += 1n) {
      for (let oldSize = 1n; oldSize <= newSize; oldSize += 1n) {
        const proof = consistencyProof(source, oldSize, newSize);
        const oldRoot = rangeHash(source, 0n, oldSize);
        const newRoot = rangeHash(source, 0n, newSize);
        expect(verifyConsistency(oldSize, newSize, oldRoot, newRoot, proof)).toBe(true);
        const otherOld = storeOf([Buffer.from('changed'), ...LEAF_INPUTS.slice(1)]);
        expect(verifyConsistency(oldSize, newSize, rangeHash(otherOld, 0n, oldSize), newRoot, proof)).toBe(false);
      }
    }
    expect(
      verifyConsistency(6n, 8n, Buffer.from(ROOTS[5], 'hex'), Buffer.from(ROOTS[7], 'hex'), unhex(cases[2][2])),
    ).toBe(true);
  });

  it('resumes a frontier from its stored subtrees', () => {
    const resumed = new MerkleFrontier(
      5n,
      frontierLevels(5n).map((level) => ({ level, hash: source(level, frontierIndex(5n, level)) })),
    );
    for (const leaf of LEAF_INPUTS.slice(5)) resumed.append(leafHash(leaf));
    expect(resumed.root().toString('hex')).toBe(ROOTS[7]);
  });
});
