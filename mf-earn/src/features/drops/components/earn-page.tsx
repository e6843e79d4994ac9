import { Button, EmptyState, PageHeader, TextField, isAdvertiser, useCurrentUser } from '@app/platform';
import { QueryView } from '@app/platform/app';
import { Search } from '@app/platform/icons';
import { Suspense, lazy, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { firstPaintPages } from '../../../first-paint';
import { useDrops, type Drop } from '../api/drops-api';
import type { DropKind } from './create-drop-dialog';
import { DropCard } from './drop-card';
import { SelectField } from './select-field';

// Its own chunk, fetched when an advertiser opens it: /earn shows no form (issue 45).
const CreateDropDialog = lazy(() =>
  import('./create-drop-dialog').then((module) => ({ default: module.CreateDropDialog })),
);

const KINDS: readonly DropKind[] = ['proof', 'paid', 'move'];
const asKind = (value: string | null): DropKind | null =>
  KINDS.includes(value as DropKind) ? (value as DropKind) : null;

function CreateDrop({ kind, onOpenChange }: { kind: DropKind; onOpenChange(open: boolean): void }) {
  return (
    <Suspense fallback={null}>
      <CreateDropDialog open initialKind={kind} onOpenChange={onOpenChange} />
    </Suspense>
  );
}

/**
 * /earn: drops with a text search over title and description, type and difficulty filters, 'No drops found'.
 * `?type=proof` preselects the type; `?create=proof|paid|move` opens Create Drop for advertisers (default proof).
 */
export function EarnPage() {
  const user = useCurrentUser();
  const advertiser = isAdvertiser(user);
  const [searchParams, setSearchParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [type, setType] = useState<string>(asKind(searchParams.get('type')) ?? 'all');
  const [difficulty, setDifficulty] = useState('all');
  const createParam = searchParams.get('create');
  const createKind = asKind(createParam) ?? 'proof';
  const [creating, setCreating] = useState(advertiser && createParam !== null);
  const drops = useDrops();

  const closeCreate = (open: boolean) => {
    setCreating(open);
    if (!open && searchParams.has('create')) {
      const next = new URLSearchParams(searchParams);
      next.delete('create');
      setSearchParams(next, { replace: true });
    }
  };

  const filter = useMemo(() => {
    const text = search.trim().toLowerCase();
    return (list: Drop[]) =>
      list.filter(
        (drop) =>
          (text === '' || drop.title.toLowerCase().includes(text) || drop.description.toLowerCase().includes(text)) &&
          (type === 'all' || drop.kind === type) &&
          (difficulty === 'all' || drop.difficulty === difficulty),
      );
  }, [search, type, difficulty]);

  return (
    <div className="ui-stack">
      <PageHeader
        title={firstPaintPages['/earn'].title}
        subtitle={firstPaintPages['/earn'].subtitle}
        actions={advertiser ? <Button onClick={() => setCreating(true)}>Create Drop</Button> : undefined}
      />
      <div className="ui-row" role="search">
        <TextField
          label="Search drops"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <DropFilters type={type} onType={setType} difficulty={difficulty} onDifficulty={setDifficulty} />
        {/* The spec's More Filters button does nothing yet. */}
        <Button variant="ghost">More Filters</Button>
      </div>
      <QueryView
        query={drops}
        loadingLabel="Loading drops"
        isEmpty={(list) => filter(list).length === 0}
        empty={
          <EmptyState title="No drops found" message="Try another search or filter." icon={<Search size={40} />} />
        }
      >
        {(list) => (
          <ul className="ui-grid" aria-label="Drops">
            {filter(list).map((drop) => (
              <li key={drop.id}>
                <DropCard drop={drop} />
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      {advertiser && creating ? <CreateDrop kind={createKind} onOpenChange={closeCreate} /> : null}
    </div>
  );
}

function DropFilters(props: {
  type: string;
  onType(type: string): void;
  difficulty: string;
  onDifficulty(difficulty: string): void;
}) {
  return (
    <>
      <SelectField label="Drop type" value={props.type} onChange={props.onType}>
        <option value="all">All types</option>
        <option value="proof">Proof</option>
        <option value="paid">Paid</option>
        <option value="move">Move</option>
      </SelectField>
      <SelectField label="Difficulty" value={props.difficulty} onChange={props.onDifficulty}>
        <option value="all">All difficulties</option>
        <option value="easy">Easy</option>
        <option value="medium">Medium</option>
        <option value="hard">Hard</option>
      </SelectField>
    </>
  );
}
