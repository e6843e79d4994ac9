import { Badge, Button, Card, ErrorBox, errorMessage } from '@app/platform';
import { Form, FormError, FormSelect, FormTextField, SubmitButton, useRequestForm } from '@app/platform/app';
import { LedgerExportQuerySchema } from '@app/contracts/ledger';
import { useEffect, useState } from 'react';
import { type ExportFilters, type VerifyReport, fetchLedgerExport, saveTextFile, useLedgerVerify } from '../api/admin-api';

/** The ledger stream a finding names (`ledger-account-<user>`, or `User <id>`), so it can be exported on its own. */
export function streamOfFinding(message: string): { streamId: string; userId: string } | null {
  const stream = message.match(/\bledger-account-([A-Za-z0-9_-]+)/);
  if (stream) return { streamId: stream[0], userId: stream[1] };
  const user = message.match(/\bUser ([A-Za-z0-9_-]{6,})/);
  return user ? { streamId: `ledger-account-${user[1]}`, userId: user[1] } : null;
}

function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return <>{Math.max(0, Math.floor((now - since) / 1_000))} s</>;
}

function VerifyResult({ report, onExport }: { report: VerifyReport; onExport(userId: string): void }) {
  return (
    <section aria-label="Verification report" className="ui-stack">
      <p>
        {report.ok ? <Badge tone="success">Ledger consistent</Badge> : <Badge tone="danger">{`${report.findings.length} finding(s)`}</Badge>}{' '}
        {`${report.events_checked} events, ${report.streams_checked} streams, ${report.transactions_checked} transactions checked`}
      </p>
      <table className="admin-table">
        <caption>Totals per currency</caption>
        <thead>
          <tr><th scope="col">Currency</th><th scope="col">Users</th><th scope="col">System</th><th scope="col">Sum</th></tr>
        </thead>
        <tbody>
          {Object.entries(report.currencies).map(([currency, totals]) => (
            <tr key={currency}><th scope="row">{currency}</th><td>{totals.user_total}</td><td>{totals.system_total}</td><td>{totals.sum}</td></tr>
          ))}
        </tbody>
      </table>
      {report.findings.length > 0 ? (
        <ol className="admin-findings" aria-label="Findings">
          {report.findings.map((finding, index) => {
            const stream = streamOfFinding(finding.message);
            return (
              <li key={index}>
                <Badge tone="danger">{finding.check}</Badge> {finding.message}
                {stream ? (
                  <Button variant="secondary" size="small" onClick={() => onExport(stream.userId)} aria-label={`Export stream ${stream.streamId}`}>
                    {`Export ${stream.streamId}`}
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

interface ExportFormValues {
  format: 'ndjson' | 'csv';
  user_id: string;
  from: string;
  to: string;
}

/** A `datetime-local` value as the ISO instant the API takes (the browser's time zone); kept as typed when unreadable. */
function toInstant(value: string): string | undefined {
  if (value.trim() === '') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

function ExportForm({ onDownload }: { onDownload(filters: ExportFilters): Promise<void> }) {
  const form = useRequestForm<ExportFormValues, typeof LedgerExportQuerySchema>(
    LedgerExportQuerySchema,
    (values) => ({ format: values.format, user_id: values.user_id.trim() || undefined, from: toInstant(values.from), to: toInstant(values.to) }),
    { defaultValues: { format: 'ndjson', user_id: '', from: '', to: '' } },
  );
  return (
    <Form
      form={form}
      aria-label="Export the ledger"
      fallbackError="The export failed"
      onSubmit={(request) => onDownload({ format: request.format ?? 'ndjson', userId: request.user_id, from: request.from, to: request.to })}
    >
      <FormTextField name="user_id" label="User id (optional)" />
      <FormTextField name="from" label="From (optional)" type="datetime-local" />
      <FormTextField name="to" label="To (optional)" type="datetime-local" />
      <FormSelect name="format" label="Format" options={[{ value: 'ndjson', label: 'NDJSON' }, { value: 'csv', label: 'CSV' }]} />
      <FormError />
      <SubmitButton>Download</SubmitButton>
    </Form>
  );
}

/** Ledger verify (the whole log, on demand) and export (filtered, downloaded as a file). */
export function LedgerPanel() {
  const verify = useLedgerVerify();
  const [startedAt, setStartedAt] = useState(0);
  const [exportError, setExportError] = useState<string | null>(null);
  const download = async (filters: ExportFilters) => saveTextFile(await fetchLedgerExport(filters));
  const exportStream = (userId: string) => {
    setExportError(null);
    download({ format: 'ndjson', userId }).catch((error: unknown) => setExportError(errorMessage(error, 'The export failed')));
  };
  return (
    <div className="admin-grid">
      <Card title="Verify">
        <p>Reads every event: hash chains, balanced postings, copies, holds, no balance below zero, issuance by the table.</p>
        <Button
          busy={verify.isPending}
          onClick={() => {
            setStartedAt(Date.now());
            verify.mutate();
          }}
        >
          Run verification
        </Button>
        {verify.isPending ? (
          <p role="status">
            <progress aria-label="Verification running" /> Verifying the whole log… <Elapsed since={startedAt} />
          </p>
        ) : null}
        {verify.isError ? <ErrorBox message={errorMessage(verify.error, 'Verification failed')} onRetry={() => verify.mutate()} /> : null}
        {verify.data ? <VerifyResult report={verify.data} onExport={exportStream} /> : null}
        {exportError ? <ErrorBox message={exportError} /> : null}
      </Card>
      <Card title="Export">
        <ExportForm onDownload={download} />
      </Card>
    </div>
  );
}
