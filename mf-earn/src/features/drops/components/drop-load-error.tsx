import { ButtonLink, ErrorBox, isApiError } from '@app/platform';

/** The drop load answers of spec 2 §8, each with a way back to Earn. */
export function dropLoadErrorOf(error: unknown): { title: string; message: string } {
  if (!isApiError(error))
    return { title: 'Error Loading Drop', message: error instanceof Error ? error.message : 'Something went wrong' };
  if (error.status === 404 || error.code === 'DROP_NOT_FOUND')
    return { title: 'Drop Not Found', message: "The drop you're looking for doesn't exist or has been removed." };
  if (error.status >= 500)
    return { title: 'Server Error', message: 'Something went wrong on our side. Our team has been notified.' };
  if (error.isNetworkError)
    return { title: 'Connection Error', message: 'Could not reach the server. Check your connection and try again.' };
  return { title: 'Error Loading Drop', message: error.message };
}

export function DropLoadError({ title, message, onRetry }: { title: string; message: string; onRetry?(): void }) {
  return (
    <section className="ui-centered-page ui-stack" aria-labelledby="drop-error-title">
      <h1 id="drop-error-title">{title}</h1>
      <ErrorBox message={message} onRetry={onRetry} />
      <ButtonLink to="/earn" variant="secondary">
        Back to Earn
      </ButtonLink>
    </section>
  );
}
