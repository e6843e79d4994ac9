import { Button, ButtonLink } from '@app/platform';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorReferenceCode } from './reference-code';

interface ErrorDescription {
  title: string;
  text: string;
}

const byComponent: Record<string, ErrorDescription> = {
  upload: {
    title: 'Upload Failed',
    text: 'Your file could not be uploaded. Check its size and format, then try again.',
  },
  payment: { title: 'Payment Error', text: 'The payment could not be completed. Your card was not charged.' },
  auth: { title: 'Authentication Error', text: 'We could not confirm who you are. Please sign in again.' },
};
const byAction: Record<string, ErrorDescription> = {
  create_content: {
    title: 'Content Creation Failed',
    text: 'Your content could not be created. Nothing was published; please try again.',
  },
};
const generic: ErrorDescription = {
  title: 'Something Went Wrong',
  text: 'An unexpected error occurred. Please try again.',
};

interface ErrorData {
  component?: string;
  action?: string;
  message?: string;
}

function parseData(raw: string | null): ErrorData {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null ? (parsed as ErrorData) : { message: String(parsed) };
  } catch {
    return { message: raw };
  }
}

export function describeError(data: ErrorData): ErrorDescription {
  return (data.component && byComponent[data.component]) || (data.action && byAction[data.action]) || generic;
}

/** /error?code=&data= : what failed, a reference code with a copy button, Try Again and Back to Home. */
export default function ErrorPage() {
  const [searchParams] = useSearchParams();
  const data = useMemo(() => parseData(searchParams.get('data')), [searchParams]);
  const [timestamp] = useState(() => new Date().toISOString());
  const message = data.message ?? searchParams.get('message') ?? searchParams.get('code') ?? '';
  const reference = useMemo(() => errorReferenceCode(message, timestamp, window.location.href), [message, timestamp]);
  const [copied, setCopied] = useState(false);
  const description = describeError(data);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(reference);
    } catch {
      // Clipboard access can be refused; the code stays visible to copy by hand.
    }
    setCopied(true);
  };

  return (
    <section className="ui-centered-page error-page" aria-labelledby="error-title">
      <h1 id="error-title">{description.title}</h1>
      <p>{description.text}</p>
      {message ? <p className="error-page__message">{message}</p> : null}
      <dl className="error-page__facts">
        <dt>Reference</dt>
        <dd>
          <code data-testid="error-reference">{reference}</code>{' '}
          <Button variant="ghost" size="small" onClick={() => void copy()}>
            {copied ? 'Copied!' : 'Copy'}
          </Button>
        </dd>
        <dt>Time</dt>
        <dd>{new Date(timestamp).toLocaleString()}</dd>
        {data.action ? (
          <>
            <dt>Action</dt>
            <dd>{data.action}</dd>
          </>
        ) : null}
      </dl>
      <div className="ui-row error-page__actions">
        <Button onClick={() => window.location.reload()}>Try Again</Button>
        <ButtonLink to="/dashboard" variant="secondary">
          Back to Home
        </ButtonLink>
      </div>
    </section>
  );
}
