import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi } from '../../../../testing/fake-api';
import { renderAccount } from '../../../../testing/render-account';
import AdminPage from '../../components/admin-page';

function captureDownloads() {
  const files: { blob: Blob; name: string }[] = [];
  let pending: Blob | null = null;
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => ((pending = blob), `blob:${files.length + 1}`),
    revokeObjectURL: () => undefined,
  });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ blob: pending!, name: this.download });
  });
  return files;
}

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

const signed = (position: number, root: string) => ({
  position,
  root,
  at: '2026-12-05T03:00:00.000Z',
  algorithm: 'Ed25519',
  key_id: '0123456789abcdef',
  signature: 'c2lnbmF0dXJl',
  recorded_at: '2026-12-05T03:00:00.100Z',
});
const PUBLIC_KEY = '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA\n-----END PUBLIC KEY-----\n';

describe('/admin?section=digests, the auditor digests', () => {
  afterEach(() => jest.restoreAllMocks());

  it('lists recorded digests and downloads one as the signed file, and the public key', async () => {
    const user = userEvent.setup();
    const files = captureDownloads();
    installFakeApi().on('GET /api/admin/ledger/digests', {
      body: {
        digests: [signed(1200, 'b'.repeat(64)), signed(900, 'a'.repeat(64))],
        public_key: PUBLIC_KEY,
        key_id: '0123456789abcdef',
      },
    });
    renderAccount(<AdminPage />, { user: { is_admin: true }, route: '/admin?section=digests', path: '/admin' });
    const table = await screen.findByRole('table', { name: 'Recorded digests, newest first' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('a'.repeat(64))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download the digest at position 900' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0].name).toBe('ledger-digest-900.json');
    const { recorded_at: _recordedAt, ...expected } = signed(900, 'a'.repeat(64));
    expect(JSON.parse(await readBlob(files[0].blob))).toEqual(expected);

    await user.click(screen.getByRole('button', { name: 'Download the public key' }));
    await waitFor(() => expect(files).toHaveLength(2));
    expect(files[1].name).toBe('ledger-digest-key-0123456789abcdef.pem');
    expect(await readBlob(files[1].blob)).toBe(PUBLIC_KEY);
  });

  it('records a digest now and shows it once the server recorded it', async () => {
    const user = userEvent.setup();
    let recorded = false;
    const api = installFakeApi()
      .on('GET /api/admin/ledger/digests', () => ({
        body: {
          digests: recorded ? [signed(42, 'c'.repeat(64))] : [],
          public_key: PUBLIC_KEY,
          key_id: '0123456789abcdef',
        },
      }))
      .on(
        'POST /api/admin/ledger/digests',
        () => ((recorded = true), { status: 201, body: signed(42, 'c'.repeat(64)) }),
      );
    renderAccount(<AdminPage />, { user: { is_admin: true }, route: '/admin?section=digests', path: '/admin' });
    expect(await screen.findByText('No digest recorded yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Record a digest now' }));
    expect(await screen.findByText('c'.repeat(64))).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/ledger/digests')).toHaveLength(1);
  });

  it('shows the server refusing to record', async () => {
    const user = userEvent.setup();
    installFakeApi()
      .on('GET /api/admin/ledger/digests', {
        body: { digests: [], public_key: PUBLIC_KEY, key_id: '0123456789abcdef' },
      })
      .on('POST /api/admin/ledger/digests', { status: 403, body: { error: 'Administrators only', code: 'FORBIDDEN' } });
    renderAccount(<AdminPage />, { user: { is_admin: true }, route: '/admin?section=digests', path: '/admin' });
    await user.click(await screen.findByRole('button', { name: 'Record a digest now' }));
    expect(await screen.findByText('Administrators only')).toBeInTheDocument();
  });
});
