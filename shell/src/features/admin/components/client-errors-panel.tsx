import { Button, Card, EmptyState, TextField } from '@app/platform';
import { apiClient } from '@app/platform';
import { QueryView } from '@app/platform/app';
import { listClientErrorsRoute, type ClientError } from '@app/contracts/telemetry';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

/** `listClientErrorsRoute`: the newest reports first (failed API answers, error-boundary crashes). */
export function useClientErrors(source: string) {
  return useQuery({
    queryKey: ['admin', 'client-errors', source] as const,
    queryFn: ({ signal }) =>
      apiClient().call(listClientErrorsRoute, {
        query: { limit: 50, source: source === '' ? undefined : source },
        signal,
      }),
  });
}

function ClientErrorRow({ report }: { report: ClientError }) {
  return (
    <li aria-label={`Client error ${report.id}`}>
      <div>
        <strong>{report.source}</strong>{' '}
        {report.response_status !== null ? <code>{report.response_status}</code> : null} {report.error}
      </div>
      <div>
        {`${new Date(report.received_at).toLocaleString()}`}
        {report.user_id ? ` · user ${report.user_id}` : ' · signed out'}
        {report.drop_id ? ` · drop ${report.drop_id}` : ''}
      </div>
      {report.error_details !== null ? (
        <details>
          <summary>Details</summary>
          <pre>
            {typeof report.error_details === 'string'
              ? report.error_details
              : JSON.stringify(report.error_details, null, 2)}
          </pre>
        </details>
      ) : null}
    </li>
  );
}

/** Recent client error reports, optionally of one source (`api-client`, `error-boundary`, ...). */
export function ClientErrorsPanel() {
  const [draft, setDraft] = useState('');
  const [source, setSource] = useState('');
  const query = useClientErrors(source);
  return (
    <Card
      title="Client errors"
      actions={
        <Button size="small" variant="secondary" busy={query.isFetching} onClick={() => void query.refetch()}>
          Refresh
        </Button>
      }
    >
      <form
        className="ui-row"
        onSubmit={(event) => {
          event.preventDefault();
          setSource(draft.trim());
        }}
      >
        <TextField
          label="Source"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="api-client, error-boundary"
        />
        <Button size="small" type="submit">
          Filter
        </Button>
      </form>
      <QueryView
        query={query}
        loadingLabel="Loading client errors"
        isEmpty={(data) => data.errors.length === 0}
        empty={<EmptyState title="No client errors" message="No screen has reported a failed answer or a crash." />}
      >
        {(data) => (
          <ul className="ui-list admin-client-errors" aria-label="Client errors">
            {data.errors.map((report) => (
              <ClientErrorRow key={report.id} report={report} />
            ))}
          </ul>
        )}
      </QueryView>
    </Card>
  );
}
