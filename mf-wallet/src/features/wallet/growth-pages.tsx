import { ButtonLink, EmptyState, PageHeader } from '@app/platform';
import { Hourglass } from '@app/platform/icons';

/** Screens of later wallet releases, shown as plainly not open yet (no sample data). */
export function NotOpenYetPage({ title, message }: { title: string; message: string }) {
  return (
    <div className="ui-stack">
      <PageHeader title={title} />
      <EmptyState title={`${title} is not open yet`} message={message} action={<ButtonLink to="/wallet">Back to Wallet</ButtonLink>} icon={<Hourglass size={40} />} />
    </div>
  );
}
