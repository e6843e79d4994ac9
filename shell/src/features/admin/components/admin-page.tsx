import { EmptyState, PageHeader, useCurrentUser } from '@app/platform';
import { Tabs } from '@app/platform/app';
import { useSearchParams } from 'react-router';
import '../admin.css';
import { ApprovalsPanel } from '../approvals/components/approvals-panel';
import { IssuancePanel } from './issuance-panel';
import { JobsPanel } from './jobs-panel';
import { LedgerPanel } from './ledger-panel';
import { ClientErrorsPanel } from './client-errors-panel';
import { DigestsPanel } from '../digests/components/digests-panel';
import { ProjectionsPanel } from './projections-panel';
import { ShieldClaimsPanel } from './shield-claims-panel';
import { VerificationsPanel } from './verifications-panel';

const SECTIONS = [
  { value: 'ledger', label: 'Ledger', content: <LedgerPanel /> },
  { value: 'approvals', label: 'Approvals', content: <ApprovalsPanel /> },
  { value: 'issuance', label: 'Issuance', content: <IssuancePanel /> },
  { value: 'projections', label: 'Projections', content: <ProjectionsPanel /> },
  { value: 'jobs', label: 'Jobs', content: <JobsPanel /> },
  { value: 'verifications', label: 'Verifications', content: <VerificationsPanel /> },
  { value: 'shield-claims', label: 'Shield claims', content: <ShieldClaimsPanel /> },
  { value: 'client-errors', label: 'Client errors', content: <ClientErrorsPanel /> },
  { value: 'digests', label: 'Digests', content: <DigestsPanel /> },
];

/** What a signed-in non-administrator sees at /admin. The API refuses them too (403 on every admin route). */
export function AdminForbidden() {
  return (
    <EmptyState
      title="403: administrators only"
      message={
        'The ops console is for administrators. ' +
        'If you should have access, ask an administrator to grant you the role.'
      }
    />
  );
}

/** `/admin`: the ops console (ledger verify and export, issuance, projections, jobs, pending verifications). */
export default function AdminPage() {
  const user = useCurrentUser();
  const [search, setSearch] = useSearchParams();
  if (!user.is_admin) return <AdminForbidden />;
  const section = SECTIONS.some((item) => item.value === search.get('section'))
    ? (search.get('section') as string)
    : 'ledger';
  return (
    <div className="admin-console">
      <PageHeader
        title="Ops console"
        subtitle="Every action here is an admin API call; the server decides what is allowed."
      />
      <Tabs
        label="Console sections"
        items={SECTIONS}
        value={section}
        onValueChange={(value) => setSearch({ section: value }, { replace: true })}
      />
    </div>
  );
}
