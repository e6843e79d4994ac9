import { Suspense, lazy } from 'react';
import type { DialogProps } from './dialog-primitive';
import { useOnceTrue } from './once-true';

export type { DialogProps } from './dialog-primitive';

// Radix's dialog (focus trap, scroll lock, portal, layers) is script a page needs only once a dialog opens: it loads
// then, not with every signed-in first page (issue 45).
const RadixDialog = lazy(() => import(/* webpackChunkName: "ui-dialog" */ './dialog-primitive'));

/** A modal dialog: focus trapped, Escape and the close button close it, the title names it. */
export function Dialog(props: DialogProps) {
  if (!useOnceTrue(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <RadixDialog {...props} />
    </Suspense>
  );
}
