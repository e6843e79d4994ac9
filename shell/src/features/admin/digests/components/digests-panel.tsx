import { Button, Card, EmptyState, ErrorBox, errorMessage } from '@app/platform';
import { QueryView, useToast } from '@app/platform/app';
import {
  downloadDigest,
  downloadPublicKey,
  useRecordDigest,
  useRecordedDigests,
  type RecordedDigests,
} from '../api/digests-api';

function DigestsTable({ data }: { data: RecordedDigests }) {
  return (
    <table className="admin-table">
      <caption>Recorded digests, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Position</th>
          <th scope="col">Root</th>
          <th scope="col">Digest time</th>
          <th scope="col">Key</th>
          <th scope="col">File</th>
        </tr>
      </thead>
      <tbody>
        {data.digests.map((digest) => (
          <tr key={`${digest.position}-${digest.signature}`}>
            <th scope="row">{digest.position.toLocaleString('en-US')}</th>
            <td>
              <code>{digest.root}</code>
            </td>
            <td>{new Date(digest.at).toLocaleString()}</td>
            <td>
              <code>{digest.key_id}</code>
            </td>
            <td>
              <Button
                size="small"
                variant="secondary"
                onClick={() => downloadDigest(digest)}
                aria-label={`Download the digest at position ${digest.position}`}
              >
                Download
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Auditor digests: the signed Merkle roots the job records (hourly by default), each downloadable as the file an
 * auditor keeps outside the system, and the public key that verifies them. See the ledger README, "Audit".
 */
export function DigestsPanel() {
  const query = useRecordedDigests();
  const record = useRecordDigest();
  const toast = useToast();
  return (
    <Card
      title="Auditor digests"
      actions={
        <>
          {query.data ? (
            <Button size="small" variant="secondary" onClick={() => downloadPublicKey(query.data)}>
              Download the public key
            </Button>
          ) : null}
          <Button
            size="small"
            busy={record.isPending}
            onClick={() =>
              record.mutate(undefined, {
                onSuccess: (digest) =>
                  toast.show({ title: `Recorded the digest at position ${digest.position}`, variant: 'success' }),
              })
            }
          >
            Record a digest now
          </Button>
        </>
      }
    >
      <p>
        Keep these files outside the system: <code>npm run ledger -- verify --digest &lt;file&gt;</code> later proves
        the history up to each one is unchanged, and <code>npm run ledger -- check-proof</code> checks a proof with a
        digest and the public key alone.
      </p>
      {record.isError ? <ErrorBox message={errorMessage(record.error, 'The digest could not be recorded')} /> : null}
      <QueryView
        query={query}
        loadingLabel="Loading recorded digests"
        isEmpty={(data) => data.digests.length === 0}
        empty={
          <EmptyState
            title="No digest recorded yet"
            message="The job records one every hour; record one now to start."
          />
        }
      >
        {(data) => <DigestsTable data={data} />}
      </QueryView>
    </Card>
  );
}
