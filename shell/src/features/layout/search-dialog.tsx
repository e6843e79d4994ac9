import { EmptyState, ErrorBox, SkeletonList, TextField, apiClient, isApiError } from '@app/platform';
import { Dialog, Tabs } from '@app/platform/app';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';

export const SEARCH_MINIMUM_LENGTH = 2;
export const SEARCH_DEBOUNCE_MILLISECONDS = 300;

const resultSchema = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String),
    title: z.string().optional().nullable(),
    name: z.string().optional().nullable(),
    username: z.string().optional().nullable(),
    display_name: z.string().optional().nullable(),
  })
  .loose();
const listSchema = z.array(resultSchema).optional().default([]);
const searchResponseSchema = z.object({ content: listSchema, drops: listSchema, users: listSchema }).loose();
type SearchResponse = z.output<typeof searchResponseSchema>;

function useDebounced<T>(value: T, milliseconds: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), milliseconds);
    return () => clearTimeout(timer);
  }, [value, milliseconds]);
  return debounced;
}

export default function SearchDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const [text, setText] = useState('');
  const term = useDebounced(text.trim(), SEARCH_DEBOUNCE_MILLISECONDS);
  const query = useQuery({
    queryKey: ['search', term],
    queryFn: ({ signal }) => apiClient().get('/api/search', { query: { q: term }, schema: searchResponseSchema, signal }),
    enabled: term.length >= SEARCH_MINIMUM_LENGTH,
  });
  const close = () => onOpenChange(false);

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Search">
      <TextField label="Search content, drops and people" type="search" autoFocus value={text} onChange={(event) => setText(event.target.value)} hint={`Type at least ${SEARCH_MINIMUM_LENGTH} characters`} />
      {term.length < SEARCH_MINIMUM_LENGTH ? null : query.isPending ? (
        <SkeletonList rows={3} label="Searching" />
      ) : query.isError ? (
        isApiError(query.error) && query.error.status === 404 ? (
          <EmptyState title="Search is not available yet" message="This server does not offer search yet." />
        ) : (
          <ErrorBox message={`Search failed: ${query.error.message}`} onRetry={() => void query.refetch()} />
        )
      ) : (
        <SearchResults results={query.data} onNavigate={close} />
      )}
    </Dialog>
  );
}

function SearchResults({ results, onNavigate }: { results: SearchResponse; onNavigate(): void }) {
  const content = results.content.map((item) => ({ key: `content-${item.id}`, to: `/content/${item.id}`, label: item.title ?? item.name ?? `Content ${item.id}` }));
  const drops = results.drops.map((item) => ({ key: `drop-${item.id}`, to: `/task/${item.id}`, label: item.title ?? item.name ?? `Drop ${item.id}` }));
  const users = results.users.map((item) => ({ key: `user-${item.id}`, to: `/users/${item.username ?? `id/${item.id}`}`, label: item.display_name ?? item.username ?? `User ${item.id}` }));
  const list = (items: { key: string; to: string; label: string }[]) =>
    items.length === 0 ? (
      <p className="ui-muted">No results.</p>
    ) : (
      <ul className="ui-list">
        {items.map((item) => (
          <li key={item.key}>
            <Link to={item.to} onClick={onNavigate}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    );
  return (
    <Tabs
      label="Result types"
      items={[
        { value: 'all', label: 'All', content: list([...content, ...drops, ...users]) },
        { value: 'content', label: 'Content', content: list(content) },
        { value: 'drops', label: 'Drops', content: list(drops) },
        { value: 'users', label: 'Users', content: list(users) },
      ]}
    />
  );
}
