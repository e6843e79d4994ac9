import { Button, Card, EmptyState, ErrorBox, errorMessage } from '@app/platform';
import { QueryView, useToast } from '@app/platform/app';
import { queueBoardRoute } from '@app/contracts/platform';
import { type FailedJob, useFailedJobs, useRetryFailedJob } from '../api/admin-api';

/** Where Bull Board is mounted (BullMQ deployments only; it checks the administrator's session cookie itself). */
export const QUEUE_BOARD_URL = queueBoardRoute.path;

function FailedJobRow({ job }: { job: FailedJob }) {
  const retry = useRetryFailedJob();
  const toast = useToast();
  const failedAt = job.failedAt ? new Date(job.failedAt).toLocaleString() : 'at an unknown time';
  return (
    <li aria-label={`Failed job ${job.id}`}>
      <div>
        <strong>{job.name}</strong> <code>{job.id}</code>
      </div>
      <div>{`${job.attemptsMade} attempt(s), failed ${failedAt}: ${job.failedReason || 'no reason given'}`}</div>
      <details>
        <summary>Payload</summary>
        <pre>{JSON.stringify(job.payload, null, 2)}</pre>
      </details>
      {retry.isError ? <ErrorBox message={errorMessage(retry.error, 'The job could not be retried')} /> : null}
      <Button
        size="small"
        busy={retry.isPending}
        onClick={() =>
          retry.mutate(job.id, {
            onSuccess: () => toast.show({ title: `Job ${job.id} is queued again`, variant: 'success' }),
          })
        }
        aria-label={`Retry ${job.id}`}
      >
        Retry
      </Button>
    </li>
  );
}

/** Jobs that used up their attempts, each retried with fresh attempts; the full queue view is Bull Board. */
export function JobsPanel() {
  const query = useFailedJobs();
  return (
    <Card
      title="Failed jobs"
      actions={
        <a
          className="ui-button ui-button--secondary ui-button--small"
          href={QUEUE_BOARD_URL}
          target="_blank"
          rel="noreferrer"
        >
          Open the queue board
        </a>
      }
    >
      <QueryView
        query={query}
        loadingLabel="Loading failed jobs"
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyState title="No failed jobs" message="Every job either succeeded or is still being retried." />}
      >
        {(data) => (
          <ul className="ui-list admin-jobs" aria-label="Failed jobs">
            {data.items.map((job) => (
              <FailedJobRow key={job.id} job={job} />
            ))}
          </ul>
        )}
      </QueryView>
    </Card>
  );
}
