import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '../api/api-error';
import { EmptyState, ErrorBox, SkeletonList } from './feedback';
import { Hourglass } from '../icons';

export interface QueryViewProps<Data> {
  query: UseQueryResult<Data>;
  /** Renders the loaded data. */
  children(data: Data): ReactNode;
  /** Shown when the data is an empty list. */
  empty?: ReactNode;
  isEmpty?(data: Data): boolean;
  /** Shown when the server has no such endpoint yet (404), instead of an error. */
  unavailable?: ReactNode;
  loadingLabel?: string;
}

/**
 * The three honest states of server data: a skeleton while loading, an error with Try again, or the
 * data (or an empty state). Nothing here ever substitutes sample data for a failed call.
 */
export function QueryView<Data>({ query, children, empty, isEmpty, unavailable, loadingLabel }: QueryViewProps<Data>) {
  if (query.isPending) return <SkeletonList label={loadingLabel} />;
  if (query.isError) {
    if (unavailable && isApiError(query.error) && query.error.status === 404) return <>{unavailable}</>;
    return <ErrorBox message={`Failed to load data: ${query.error.message}`} onRetry={() => void query.refetch()} />;
  }
  const data = query.data as Data;
  const dataIsEmpty = isEmpty ? isEmpty(data) : Array.isArray(data) && data.length === 0;
  if (dataIsEmpty && empty) return <>{empty}</>;
  return <>{children(data)}</>;
}

export function FeatureUnavailable({ feature }: { feature: string }) {
  return (
    <EmptyState
      title={`${feature} is not open yet`}
      message="This server does not offer it yet. Nothing is shown rather than made-up data; check back after the next release."
      icon={<Hourglass size={40} />}
    />
  );
}
