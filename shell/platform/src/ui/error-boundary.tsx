import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportBoundaryCrash } from '../telemetry/client-errors';

export interface ErrorBoundaryFallbackProps {
  error: Error;
  reset(): void;
}

export interface ErrorBoundaryProps {
  children: ReactNode;
  fallback?: (props: ErrorBoundaryFallbackProps) => ReactNode;
  /** When any of these change the boundary clears itself (e.g. the route changed). */
  resetKeys?: readonly unknown[];
  onError?(error: Error, info: ErrorInfo): void;
}

interface ErrorBoundaryState {
  error: Error | null;
  resetKeys: readonly unknown[];
}

/** Keeps a render failure inside the part of the page that failed. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, resetKeys: this.props.resetKeys ?? [] };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    const next = props.resetKeys ?? [];
    const changed =
      next.length !== state.resetKeys.length || next.some((key, index) => !Object.is(key, state.resetKeys[index]));
    if (!changed) return null;
    return { resetKeys: next, error: state.error && changed ? null : state.error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // Every boundary of the shell and the remotes reports its crash (spec 3 §7).
    reportBoundaryCrash(error, info.componentStack);
    this.props.onError?.(error, info);
  }

  reset = (): void => {
    this.setState({ error: null });
  };

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (this.props.fallback) return this.props.fallback({ error, reset: this.reset });
    return <DefaultErrorFallback error={error} reset={this.reset} />;
  }
}

/** The spec's boundary text: 'Something went wrong' plus the message, Try Again and Go Home. */
export function DefaultErrorFallback({ error, reset }: ErrorBoundaryFallbackProps) {
  return (
    <div className="ui-error-box ui-error-box--page" role="alert">
      <h2 className="ui-error-box__title">Something went wrong</h2>
      <p className="ui-error-box__message">{error.message}</p>
      <div className="ui-row">
        <button type="button" className="ui-button ui-button--primary ui-button--medium" onClick={reset}>
          Try Again
        </button>
        <a className="ui-button ui-button--secondary ui-button--medium" href="/dashboard">
          Go Home
        </a>
      </div>
    </div>
  );
}
