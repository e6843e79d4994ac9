import { Badge, Button, EmptyState, formatBalance, formatCount, useCurrentUser } from '@app/platform';
import { QueryView } from '@app/platform/app';
import { Plus } from '@app/platform/icons';
import type { FundingProject } from '@app/contracts/growth';
import { useState } from 'react';
import { useProjects } from '../api/growth-api';
import { CreateProjectDialog } from './create-project-dialog';
import { PledgeDialog } from './pledge-dialog';

const STATUS_LABEL = { active: 'Active', closing: 'Settling', funded: 'Funded', failed: 'Goal missed' } as const;

function ProjectCard({ project, onPledge, own }: { project: FundingProject; onPledge(): void; own: boolean }) {
  const percent =
    project.target_amount > 0 ? Math.min(100, Math.round((project.amount_raised / project.target_amount) * 100)) : 0;
  return (
    <article className="growth-project" aria-label={project.title}>
      <header className="ui-row">
        <h3>{project.title}</h3>
        {project.featured && <Badge tone="accent">Featured</Badge>}
        <Badge tone={project.status === 'funded' ? 'success' : project.status === 'failed' ? 'danger' : 'neutral'}>
          {STATUS_LABEL[project.status]}
        </Badge>
      </header>
      <p className="ui-muted">
        {project.category} · by {project.creator_name}
      </p>
      <p>{project.description}</p>
      <div
        className="growth-progress"
        role="progressbar"
        aria-label={`${project.title} funding`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <p>
        <strong>{formatBalance(project.amount_raised)}</strong> of {formatBalance(project.target_amount)} gems ·{' '}
        {formatCount(project.backer_count)} backers · {project.days_left} days left
      </p>
      <ul className="growth-features">
        {project.reward_tiers.map((tier) => (
          <li key={tier.id}>
            {tier.title}: {formatBalance(tier.amount)} gems ({tier.backerCount} backers)
          </li>
        ))}
      </ul>
      {project.status === 'active' && !own && <Button onClick={onPledge}>Pledge</Button>}
    </article>
  );
}

export function FundingTab() {
  const user = useCurrentUser();
  const projects = useProjects();
  const [creating, setCreating] = useState(false);
  const [pledgeTo, setPledgeTo] = useState<FundingProject | null>(null);
  return (
    <div className="ui-stack">
      <div className="ui-row">
        <Button onClick={() => setCreating(true)}>
          <Plus size={16} aria-hidden /> Create Project
        </Button>
      </div>
      <QueryView
        query={projects}
        empty={<EmptyState title="No projects yet" message="Be the first creator to ask for funding." />}
        loadingLabel="Loading projects"
      >
        {(list) => (
          <div className="growth-grid">
            {list.map((project) => (
              <ProjectCard
                key={project.id}
                project={project}
                own={project.creator_id === user.id}
                onPledge={() => setPledgeTo(project)}
              />
            ))}
          </div>
        )}
      </QueryView>
      <CreateProjectDialog open={creating} onOpenChange={setCreating} />
      <PledgeDialog key={pledgeTo?.id ?? 'none'} project={pledgeTo} onClose={() => setPledgeTo(null)} />
    </div>
  );
}
