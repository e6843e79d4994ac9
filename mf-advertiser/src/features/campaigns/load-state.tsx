import { ErrorBox, SkeletonList } from '@app/platform';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** Loading, the spec's failure text with Try again, or the data: never sample data in place of a failed call. */
export function LoadState<Data>({
  query,
  failure,
  loadingLabel,
  children,
}: {
  query: UseQueryResult<Data>;
  failure: string;
  loadingLabel: string;
  children(data: Data): ReactNode;
}) {
  if (query.isPending) return <SkeletonList label={loadingLabel} />;
  if (query.isError)
    return <ErrorBox message={`${failure}: ${query.error.message}`} onRetry={() => void query.refetch()} />;
  return <>{children(query.data as Data)}</>;
}
