import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '../api/api-error';
import { ErrorBox, SkeletonList } from './feedback';

export interface QueryViewProps<Data> {
  query: UseQueryResult<Data>;
  /** Renders the loaded data. */
  children(data: Data): ReactNode;
  /** Shown when the data is an empty list. */
  empty?: ReactNode;
  isEmpty?(data: Data): boolean;
  /** Shown for a 404 (the thing asked for does not exist, e.g. 'Holding not found.'), instead of an error. */
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
