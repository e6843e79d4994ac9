import { Badge, Button, Card, EmptyState, ErrorBox, errorMessage } from '@app/platform';
import { QueryView } from '@app/platform/app';
import { Form, FormError, FormSelect, FormTextField, SubmitButton, useRequestForm } from '@app/platform/forms';
import { LedgerExportQuerySchema } from '@app/contracts/ledger';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  type ExportFilters,
  type VerifyReport,
  type VerifyRun,
  fetchLedgerExport,
  saveTextFile,
  useStartVerifyRun,
  useStreamEvents,
  useVerifyRun,
} from '../api/admin-api';

/** The user of a ledger account stream (`ledger-account-<user>`), whose ledger can be exported on its own. */
export function userOfStream(streamId: string): string | null {
  return streamId.match(/^ledger-account-(.+)$/)?.[1] ?? null;
}

/** Where the console shows a stream's events. */
export const streamViewPath = (streamId: string) => `/admin?section=ledger&stream=${encodeURIComponent(streamId)}`;

function VerifyProgressLine({ run }: { run: VerifyRun }) {
  const label = `${run.events_checked} of ${run.events_total} events checked, ${run.streams_checked} streams`;
  return (
    <p role="status" aria-label="Verification progress">
      <progress
        aria-label={run.status === 'running' ? 'Verification running' : 'Verification done'}
        value={run.events_checked}
        max={Math.max(run.events_total, 1)}
      />{' '}
      {run.status === 'running' ? `Verifying… ${label}` : label}
    </p>
  );
}

function VerifyResult({ report, onExport }: { report: VerifyReport; onExport(userId: string): void }) {
  return (
    <section aria-label="Verification report" className="ui-stack">
      <p>
        {report.ok ? (
          <Badge tone="success">Ledger consistent</Badge>
        ) : (
          <Badge tone="danger">{`${report.findings.length} finding(s)`}</Badge>
        )}{' '}
        {`${report.events_checked} events, ${report.streams_checked} streams, ` +
          `${report.transactions_checked} transactions checked`}
      </p>
      <table className="admin-table">
        <caption>Totals per currency</caption>
        <thead>
          <tr>
            <th scope="col">Currency</th>
            <th scope="col">Users</th>
            <th scope="col">System</th>
            <th scope="col">Sum</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(report.currencies).map(([currency, totals]) => (
            <tr key={currency}>
              <th scope="row">{currency}</th>
              <td>{totals.user_total}</td>
              <td>{totals.system_total}</td>
              <td>{totals.sum}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {report.findings.length > 0 ? (
        <ol className="admin-findings" aria-label="Findings">
          {report.findings.map((finding, index) => {
            const userId = finding.stream_id ? userOfStream(finding.stream_id) : null;
            return (
              <li key={index}>
                <Badge tone="danger">{finding.check}</Badge> {finding.message}
                {finding.stream_id ? (
                  <>
                    {' '}
                    <Link to={streamViewPath(finding.stream_id)}>{`Stream ${finding.stream_id}`}</Link>
                  </>
                ) : null}
                {userId ? (
                  <Button
                    variant="secondary"
                    size="small"
                    onClick={() => onExport(userId)}
                    aria-label={`Export stream ${finding.stream_id}`}
                  >
                    Export
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : null}
    </section>
  );
}

/** Ledger verify as a background run: live progress from the server, then the report. */
function VerifyCard({ onExport }: { onExport(userId: string): void }) {
  const start = useStartVerifyRun();
  const [runId, setRunId] = useState<string | null>(null);
  const run = useVerifyRun(runId);
  const running = start.isPending || run.data?.status === 'running' || (runId !== null && !run.data);
  const begin = () => start.mutate(undefined, { onSuccess: (started) => setRunId(started.id) });
  return (
    <Card title="Verify">
      <p>
        Reads every event: hash chains, balanced postings, copies, holds, no balance below zero, issuance by the table.
      </p>
      <Button busy={running} onClick={begin}>
        Run verification
      </Button>
      {start.isError ? <ErrorBox message={errorMessage(start.error, 'The verification could not start')} /> : null}
      {run.data ? <VerifyProgressLine run={run.data} /> : null}
      {run.isError ? (
        <ErrorBox
          message={errorMessage(run.error, 'The verification could not be followed')}
          onRetry={() => void run.refetch()}
        />
      ) : null}
      {run.data?.status === 'failed' ? (
        <ErrorBox message={`The verification failed: ${run.data.error ?? 'no reason given'}`} onRetry={begin} />
      ) : null}
      {run.data?.report ? <VerifyResult report={run.data.report} onExport={onExport} /> : null}
    </Card>
  );
}

/** One stream's events (where a finding's link goes), a page at a time. */
export function StreamView({ streamId }: { streamId: string }) {
  const [fromVersion, setFromVersion] = useState(1);
  const query = useStreamEvents(streamId, fromVersion);
  return (
    <Card title={`Stream ${streamId}`} actions={<Link to="/admin?section=ledger">Back to the console</Link>}>
      <QueryView
        query={query}
        loadingLabel="Loading the stream"
        isEmpty={(data) => data.events.length === 0}
        empty={<EmptyState title="No events" message="Nothing from this version on." />}
      >
        {(data) => (
          <div className="ui-stack">
            <table className="admin-table" aria-label="Stream events">
              <thead>
                <tr>
                  <th scope="col">Version</th>
                  <th scope="col">Type</th>
                  <th scope="col">Position</th>
                  <th scope="col">Recorded</th>
                  <th scope="col">Data</th>
                </tr>
              </thead>
              <tbody>
                {data.events.map((event) => (
                  <tr key={event.version}>
                    <th scope="row">{event.version}</th>
                    <td>{event.type}</td>
                    <td>{event.position}</td>
                    <td>{new Date(event.recorded_at).toLocaleString()}</td>
                    <td>
                      <pre>{JSON.stringify(event.data, null, 2)}</pre>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <div>
              {fromVersion > 1 ? (
                <Button variant="secondary" size="small" onClick={() => setFromVersion(1)}>
                  First page
                </Button>
              ) : null}{' '}
              {data.next_from_version !== null ? (
                <Button variant="secondary" size="small" onClick={() => setFromVersion(data.next_from_version!)}>
                  Next page
                </Button>
              ) : null}
            </div>
          </div>
        )}
      </QueryView>
    </Card>
  );
}

interface ExportFormValues {
  format: 'ndjson' | 'csv';
  user_id: string;
  from: string;
  to: string;
}

/**
 * A `datetime-local` value as the ISO instant the API takes (the browser's time zone); kept as typed when unreadable.
 */
function toInstant(value: string): string | undefined {
  if (value.trim() === '') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

function ExportForm({ onDownload }: { onDownload(filters: ExportFilters): Promise<void> }) {
  const form = useRequestForm<ExportFormValues, typeof LedgerExportQuerySchema>(
    LedgerExportQuerySchema,
    (values) => ({
      format: values.format,
      user_id: values.user_id.trim() || undefined,
      from: toInstant(values.from),
      to: toInstant(values.to),
    }),
    { defaultValues: { format: 'ndjson', user_id: '', from: '', to: '' } },
  );
  return (
    <Form
      form={form}
      aria-label="Export the ledger"
      fallbackError="The export failed"
      onSubmit={(request) =>
        onDownload({ format: request.format ?? 'ndjson', userId: request.user_id, from: request.from, to: request.to })
      }
    >
      <FormTextField name="user_id" label="User id (optional)" />
      <FormTextField name="from" label="From (optional)" type="datetime-local" />
      <FormTextField name="to" label="To (optional)" type="datetime-local" />
      <FormSelect
        name="format"
        label="Format"
        options={[
          { value: 'ndjson', label: 'NDJSON' },
          { value: 'csv', label: 'CSV' },
        ]}
      />
      <FormError />
      <SubmitButton>Download</SubmitButton>
    </Form>
  );
}

/** Ledger verify (a background run with live progress) and export (filtered, downloaded as a file). */
export function LedgerPanel() {
  const [search] = useSearchParams();
  const [exportError, setExportError] = useState<string | null>(null);
  const download = async (filters: ExportFilters) => saveTextFile(await fetchLedgerExport(filters));
  const exportStream = (userId: string) => {
    setExportError(null);
    download({ format: 'ndjson', userId }).catch((error: unknown) =>
      setExportError(errorMessage(error, 'The export failed')),
    );
  };
  const streamId = search.get('stream');
  if (streamId) return <StreamView streamId={streamId} />;
  return (
    <div className="admin-grid">
      <VerifyCard onExport={exportStream} />
      {exportError ? <ErrorBox message={exportError} /> : null}
      <Card title="Export">
        <ExportForm onDownload={download} />
      </Card>
    </div>
  );
}
