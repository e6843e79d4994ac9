import type { ReactNode } from 'react';
import { formatBadgeCount } from '../format/format';

/** A busy indicator announced to screen readers. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="ui-spinner" role="status" aria-live="polite">
      <span className="ui-spinner__circle" aria-hidden="true" />
      <span className="ui-visually-hidden">{label}</span>
    </div>
  );
}

/** Full-page spinner, shown while the session is pending. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="ui-page-spinner">
      <Spinner label={label} />
    </div>
  );
}

export function Skeleton({
  width,
  height = '1rem',
  className,
}: {
  width?: string;
  height?: string;
  className?: string;
}) {
  return (
    <div
      className={['ui-skeleton', className].filter(Boolean).join(' ')}
      style={{ width, height }}
      aria-hidden="true"
    />
  );
}

/** Placeholder rows while a list loads; announced once as loading. */
export function SkeletonList({ rows = 3, label = 'Loading' }: { rows?: number; label?: string }) {
  return (
    <div className="ui-skeleton-list" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height="3.5rem" />
      ))}
    </div>
  );
}

export function Badge({
  children,
  tone = 'neutral',
}: {
  children: ReactNode;
  tone?: 'neutral' | 'accent' | 'success' | 'warning' | 'danger';
}) {
  return <span className={`ui-badge ui-badge--${tone}`}>{children}</span>;
}

/** A small count bubble (notifications); the count is capped at 9+. */
export function CountBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span className="ui-count-badge" aria-label={label}>
      {formatBadgeCount(count)}
    </span>
  );
}

export interface EmptyStateProps {
  title: string;
  message?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
}

export function EmptyState({ title, message, action, icon }: EmptyStateProps) {
  return (
    <section className="ui-empty-state" aria-label={title}>
      {icon ? (
        <div className="ui-empty-state__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <h2 className="ui-empty-state__title">{title}</h2>
      {message ? <p className="ui-empty-state__message">{message}</p> : null}
      {action ? <div className="ui-empty-state__action">{action}</div> : null}
    </section>
  );
}

/** An error message with an optional Try again button. */
export function ErrorBox({
  title,
  message,
  onRetry,
  retryLabel = 'Try again',
}: {
  title?: string;
  message: string;
  onRetry?(): void;
  retryLabel?: string;
}) {
  return (
    <div className="ui-error-box" role="alert">
      {title ? <h2 className="ui-error-box__title">{title}</h2> : null}
      <p className="ui-error-box__message">{message}</p>
      {onRetry ? (
        <button type="button" className="ui-button ui-button--secondary ui-button--small" onClick={onRetry}>
          {retryLabel}
        </button>
      ) : null}
    </div>
  );
}

export function Card({
  title,
  children,
  actions,
  className,
}: {
  title?: string;
  children: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <section className={['ui-card', className].filter(Boolean).join(' ')} aria-label={title}>
      {title || actions ? (
        <header className="ui-card__header">
          {title ? <h2 className="ui-card__title">{title}</h2> : null}
          {actions}
        </header>
      ) : null}
      {children}
    </section>
  );
}

export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="ui-page-header">
      <div>
        <h1 className="ui-page-header__title">{title}</h1>
        {subtitle ? <p className="ui-page-header__subtitle">{subtitle}</p> : null}
      </div>
      {actions ? <div className="ui-page-header__actions">{actions}</div> : null}
    </header>
  );
}
