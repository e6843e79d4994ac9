import { Badge, Button, Card, EmptyState, ErrorBox, isApiError } from '@app/platform';
import { QueryView } from '@app/platform/app';
import { useState } from 'react';
import { useDropApplications, useReviewApplication, type DropApplication } from '../api/drops-api';
import { SelectField } from './select-field';

/** The drop creator's review screen: approve or reject pending applications, complete submitted ones with a score. */
export function ApplicationsReview({ dropId }: { dropId: string }) {
  const applications = useDropApplications(dropId, true);
  return (
    <Card title="Applications">
      <QueryView
        query={applications}
        loadingLabel="Loading applications"
        empty={<EmptyState title="No applications yet" message="Applications appear here as users apply." />}
      >
        {(list) => (
          <ul className="ui-list" aria-label="Applications">
            {list.map((application) => (
              <ApplicationRow key={application.id} application={application} />
            ))}
          </ul>
        )}
      </QueryView>
    </Card>
  );
}

function ApplicationRow({ application }: { application: DropApplication }) {
  const review = useReviewApplication();
  const [score, setScore] = useState('8');
  const [error, setError] = useState<string | null>(null);
  const run = (input: Parameters<typeof review.mutate>[0]) =>
    review.mutate(input, { onError: (failure) => setError(isApiError(failure) ? failure.message : 'Review failed') });
  return (
    <li
      className="ui-list__item"
      aria-label={`Application from ${application.applicant_name}`}
      style={{ flexDirection: 'column', alignItems: 'stretch' }}
    >
      <div className="ui-stack">
        <div className="ui-row">
          <strong>{application.applicant_name}</strong>
          <Badge>{application.status}</Badge>
        </div>
        <p>{application.application_message}</p>
        <Submission application={application} />
        {application.status === 'paid' ? (
          <p className="ui-muted">
            Paid {application.gems_earned} gems · score {application.review_score}/10
          </p>
        ) : null}
        {error ? <ErrorBox message={error} /> : null}
      </div>
      <div className="ui-row" style={{ flexWrap: 'wrap', alignItems: 'flex-end' }}>
        {application.status === 'pending' ? (
          <>
            <Button
              size="small"
              busy={review.isPending}
              onClick={() => run({ applicationId: application.id, review: { action: 'approve' } })}
            >
              Approve
            </Button>
            <Button
              size="small"
              variant="danger"
              busy={review.isPending}
              onClick={() => run({ applicationId: application.id, review: { action: 'reject' } })}
            >
              Reject
            </Button>
          </>
        ) : null}
        {application.status === 'submitted' ? (
          <>
            <SelectField label="Review score" value={score} onChange={setScore}>
              {Array.from({ length: 10 }, (_, index) => String(index + 1)).map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </SelectField>
            <Button
              size="small"
              busy={review.isPending}
              onClick={() =>
                run({ applicationId: application.id, review: { action: 'complete', reviewScore: Number(score) } })
              }
            >
              Complete and Pay
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}

/** What the applicant handed in (a link when it is a URL), with their notes; nothing before a submission. */
function Submission({ application }: { application: DropApplication }) {
  if (!application.submission_data) return null;
  return (
    <p>
      Submission:{' '}
      {application.submission_type === 'url' ? (
        <a href={application.submission_data} target="_blank" rel="noreferrer">
          {application.submission_data}
        </a>
      ) : (
        application.submission_data
      )}
      {application.submission_notes ? ` (${application.submission_notes})` : ''}
    </p>
  );
}
