import { ErrorBox, SkeletonList, TextField, errorMessage, formatBalance, formatCount } from '@app/platform';
import { Dialog, Tabs } from '@app/platform/app';
import { useState } from 'react';
import { Link } from 'react-router';
import { SEARCH_DEBOUNCE_MILLISECONDS, SEARCH_MINIMUM_LENGTH, type SearchResults, useSearch } from '../api/search';
import { useDebouncedValue } from '../hooks/use-debounced-value';

interface ResultLink {
  key: string;
  to: string;
  title: string;
  detail: string;
  kind: string;
}

function toLinks(results: SearchResults): Record<'content' | 'drops' | 'users', ResultLink[]> {
  return {
    content: results.content.map((item) => ({
      key: `content-${item.id}`,
      to: `/content/${encodeURIComponent(item.id)}`,
      title: item.title || 'Untitled content',
      detail: [
        item.platform,
        item.creator_name && `by ${item.creator_name}`,
        item.share_price !== null && item.share_price !== 0 && `${item.share_price} a share`,
      ]
        .filter(Boolean)
        .join(' · '),
      kind: 'Content',
    })),
    drops: results.drops.map((item) => ({
      key: `drop-${item.id}`,
      to: `/task/${encodeURIComponent(item.id)}`,
      title: item.title || 'Untitled drop',
      detail: [
        item.drop_type?.replace(/_/g, ' '),
        `${formatBalance(item.gem_reward_base)} gems`,
        item.key_cost !== 0 && `${formatBalance(item.key_cost)} keys`,
        item.status,
        `${formatCount(item.current_participants)} joined`,
      ]
        .filter(Boolean)
        .join(' · '),
      kind: 'Drop',
    })),
    users: results.users.map((item) => ({
      key: `user-${item.id}`,
      to: item.username ? `/users/${encodeURIComponent(item.username)}` : `/users/id/${encodeURIComponent(item.id)}`,
      title: item.display_name || item.username || 'User',
      detail: [
        item.username && `@${item.username}`,
        item.level !== null && `level ${item.level}`,
        item.user_tier,
        item.follower_count !== null && `${formatCount(item.follower_count)} followers`,
      ]
        .filter(Boolean)
        .join(' · '),
      kind: 'User',
    })),
  };
}

export interface SearchDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Search (opened with Cmd/Ctrl+K): content, drops and people, from 2 characters, 300 ms after typing stops. */
export default function SearchDialog({ open, onOpenChange }: SearchDialogProps) {
  const [text, setText] = useState('');
  const term = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MILLISECONDS);
  const search = useSearch(term);
  const tooShort = text.trim().length < SEARCH_MINIMUM_LENGTH;

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Search">
      <div className="ui-stack">
        <TextField
          label="Search content, drops and people"
          type="search"
          autoFocus
          value={text}
          onChange={(event) => setText(event.target.value)}
          hint={`Type at least ${SEARCH_MINIMUM_LENGTH} characters`}
        />
        {tooShort || term.length < SEARCH_MINIMUM_LENGTH ? null : search.isPending ? (
          <SkeletonList rows={3} label="Searching" />
        ) : search.isError ? (
          <ErrorBox
            message={`Search failed: ${errorMessage(search.error, 'Network error occurred')}`}
            onRetry={() => void search.refetch()}
          />
        ) : (
          <ResultTabs results={search.data} term={term} onNavigate={() => onOpenChange(false)} />
        )}
      </div>
    </Dialog>
  );
}

function ResultTabs({ results, term, onNavigate }: { results: SearchResults; term: string; onNavigate(): void }) {
  const links = toLinks(results);
  const all = [...links.content, ...links.drops, ...links.users];
  const list = (items: ResultLink[], label: string) =>
    items.length === 0 ? (
      <p className="ui-muted">
        No {label.toLowerCase()} match “{term}”.
      </p>
    ) : (
      <ul className="ui-list" aria-label={`${label} results`}>
        {items.map((item) => (
          <li key={item.key} className="ui-list__item">
            <Link to={item.to} onClick={onNavigate}>
              <strong>{item.title}</strong>
            </Link>
            <small className="ui-muted">
              {item.kind}
              {item.detail ? ` · ${item.detail}` : ''}
            </small>
          </li>
        ))}
      </ul>
    );
  return (
    <Tabs
      label="Result types"
      items={[
        { value: 'all', label: `All (${all.length})`, content: list(all, 'Results') },
        { value: 'content', label: `Content (${links.content.length})`, content: list(links.content, 'Content') },
        { value: 'drops', label: `Drops (${links.drops.length})`, content: list(links.drops, 'Drops') },
        { value: 'users', label: `Users (${links.users.length})`, content: list(links.users, 'Users') },
      ]}
    />
  );
}
