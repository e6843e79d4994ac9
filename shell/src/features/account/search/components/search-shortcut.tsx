import { Suspense, lazy, useEffect, useState } from 'react';

const SearchDialog = lazy(() => import('./search-dialog'));

/** True for Cmd+K on macOS and Ctrl+K elsewhere. */
export function isSearchShortcut(event: Pick<KeyboardEvent, 'key' | 'metaKey' | 'ctrlKey'>): boolean {
  return (event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k';
}

/** The header's search opener; Cmd/Ctrl+K opens it from anywhere. */
export function SearchOpener() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <>
      <button type="button" className="search-opener" onClick={() => setOpen(true)} aria-keyshortcuts="Control+K Meta+K">
        <span aria-hidden="true">⌕</span> Search <kbd>Ctrl K</kbd>
      </button>
      <Suspense fallback={null}>{open ? <SearchDialog open={open} onOpenChange={setOpen} /> : null}</Suspense>
    </>
  );
}
