import { Suspense, lazy, useState } from 'react';
import type { DialogProps } from './dialog-primitive';

export type { DialogProps } from './dialog-primitive';

// Radix's dialog (focus trap, scroll lock, portal, layers) is script a page needs only once a dialog opens: it loads
// then, not with every signed-in first page (issue 45).
const RadixDialog = lazy(() => import(/* webpackChunkName: "ui-dialog" */ './dialog-primitive'));

/** A modal dialog: focus trapped, Escape and the close button close it, the title names it. */
export function Dialog(props: DialogProps) {
  const [opened, setOpened] = useState(props.open);
  // Set while rendering (React's pattern for state derived from props): the first open renders the dialog at once.
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <RadixDialog {...props} />
    </Suspense>
  );
}
