import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clusterFiles, lastLinesOf } from './chaos-postgres';

describe('the chaos run’s private cluster', () => {
  it('finds a cluster’s data directory and log in pg_lsclusters --json, by version and name', () => {
    const listing = JSON.stringify([
      { version: 15, cluster: 'main', pgdata: '/var/lib/postgresql/15/main', logfile: '/var/log/postgresql/main.log' },
      { version: 15, cluster: 'bench', pgdata: '/var/lib/postgresql/15/bench', logfile: '/var/log/postgresql/b.log' },
    ]);
    expect(clusterFiles(listing, { version: '15', name: 'bench' })).toEqual({
      dataDirectory: '/var/lib/postgresql/15/bench',
      logFile: '/var/log/postgresql/b.log',
    });
    expect(() => clusterFiles(listing, { version: '16', name: 'bench' })).toThrow(
      'pg_lsclusters does not list the cluster 16/bench',
    );
  });

  it('reads the last lines of a log from its end only, dropping the line the read cut', () => {
    const directory = mkdtempSync(join(tmpdir(), 'chaos-log-'));
    try {
      const log = join(directory, 'postgresql.log');
      writeFileSync(log, Array.from({ length: 1_000 }, (_, index) => `line ${index + 1}`).join('\n') + '\n');
      expect(lastLinesOf(log, 3)).toEqual(['line 998', 'line 999', 'line 1000']);
      // 30 bytes hold "line 998\nline 999\nline 1000\n" (28) and the end of "line 997", which is dropped.
      expect(lastLinesOf(log, 20, 30)).toEqual(['line 998', 'line 999', 'line 1000']);
      writeFileSync(log, 'only line');
      expect(lastLinesOf(log)).toEqual(['only line']);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
