import { Badge, Button, Card, ErrorBox, errorMessage } from '@app/platform';
import { QueryView } from '@app/platform/app';
import { type ProjectionSummary, useProjections, useRebuildProjection } from '../api/admin-api';

const STATUS_TONE: Record<string, 'neutral' | 'success' | 'warning' | 'danger' | 'accent'> = {
  live: 'success',
  catching_up: 'warning',
  rebuilding: 'accent',
  failed: 'danger',
};

function RebuildProgress({ rebuild }: { rebuild: NonNullable<ProjectionSummary['lastRebuild']> }) {
  if (rebuild.status === 'running') {
    const total = Math.max(rebuild.eventsTotal, rebuild.eventsDone, 1);
    return (
      <div>
        <progress max={total} value={rebuild.eventsDone} aria-label={`Rebuild progress`} />{' '}
        {`${rebuild.eventsDone} / ${rebuild.eventsTotal} events, ${Math.round(rebuild.eventsPerSecond)} per second`}
      </div>
    );
  }
  if (rebuild.status === 'failed')
    return <Badge tone="danger">{`Last rebuild failed: ${rebuild.error ?? 'no reason given'}`}</Badge>;
  return (
    <span>
      {`Rebuilt ${new Date(rebuild.finishedAt ?? rebuild.startedAt).toLocaleString()} ` +
        `(${rebuild.eventsDone} events)`}
    </span>
  );
}

function Row({ projection }: { projection: ProjectionSummary }) {
  const rebuild = useRebuildProjection();
  const running = projection.lastRebuild?.status === 'running';
  return (
    <tr aria-label={projection.name}>
      <th scope="row">
        {projection.name} <small>v{projection.version}</small>
      </th>
      <td>
        <Badge tone={STATUS_TONE[projection.status] ?? 'neutral'}>{projection.status}</Badge>
        {projection.lastError ? <div className="admin-muted">{projection.lastError}</div> : null}
      </td>
      <td>{projection.checkpoint.position}</td>
      <td>{projection.lagEvents}</td>
      <td>
        {projection.lastRebuild ? (
          <RebuildProgress rebuild={projection.lastRebuild} />
        ) : (
          <span className="admin-muted">never rebuilt</span>
        )}
        {rebuild.isError ? <ErrorBox message={errorMessage(rebuild.error, 'The rebuild did not start')} /> : null}
      </td>
      <td>
        <Button
          size="small"
          variant="secondary"
          busy={rebuild.isPending}
          disabled={running}
          onClick={() => rebuild.mutate(projection.name)}
          aria-label={`Rebuild ${projection.name}`}
        >
          Rebuild
        </Button>
      </td>
    </tr>
  );
}

/** Read models with their checkpoint and lag; a rebuild builds fresh tables while the old ones keep serving. */
export function ProjectionsPanel() {
  const query = useProjections();
  return (
    <Card title="Projections">
      <QueryView query={query} loadingLabel="Loading projections" isEmpty={(data) => data.items.length === 0}>
        {(data) => (
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Projection</th>
                <th scope="col">Status</th>
                <th scope="col">Checkpoint</th>
                <th scope="col">Lag (events)</th>
                <th scope="col">Last rebuild</th>
                <th scope="col">
                  <span className="ui-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((projection) => (
                <Row key={projection.name} projection={projection} />
              ))}
            </tbody>
          </table>
        )}
      </QueryView>
    </Card>
  );
}
