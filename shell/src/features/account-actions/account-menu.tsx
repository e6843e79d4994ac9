import { type AccountDialogName, onAccountDialogRequest } from '@app/platform';
import { Menu, MenuItem, MenuLabel } from '@app/platform/app';
import { Sparkles } from '@app/platform/icons';
import { type ComponentType, Suspense, lazy, useEffect, useState } from 'react';
import { LevelChip } from './level-progress/components/level-progress';

interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

// Each modal is its own chunk, fetched the first time it opens.
const dialogs = {
  convert: { label: 'Convert Currency', component: lazy(() => import('./convert/components/convert-currency-dialog')) },
  'master-key': { label: 'Master Key', component: lazy(() => import('./master-key/components/master-key-dialog')) },
  'gold-shop': { label: 'Gold Shop', component: lazy(() => import('./gold-shop/components/gold-shop-dialog')) },
  achievements: {
    label: 'Achievements',
    component: lazy(() => import('./achievements/components/achievements-dialog')),
  },
  instagram: {
    label: 'Instagram Verification',
    component: lazy(() => import('./instagram/components/instagram-dialog')),
  },
  'referral-program': {
    label: 'Referral Program',
    component: lazy(() => import('./referral/components/referral-program-dialog')),
  },
} satisfies Record<string, { label: string; component: ComponentType<DialogProps> }>;
export type AccountDialog = keyof typeof dialogs;

/** The header's account actions: the level, and the account modals (convert, master key, gold shop, ...). */
export function AccountMenu() {
  const [openDialog, setOpenDialog] = useState<AccountDialog | null>(null);
  const Active = openDialog ? dialogs[openDialog].component : null;
  // Remotes (the wallet's balance cards) open these modals through the platform instead of copying them.
  useEffect(() => onAccountDialogRequest((dialog: AccountDialogName) => setOpenDialog(dialog)), []);
  return (
    <>
      <Menu
        label="Account actions"
        triggerClassName="ui-menu__trigger account-menu-trigger"
        trigger={
          <>
            <Sparkles size={18} />
            <LevelChip />
          </>
        }
      >
        <MenuLabel>Account</MenuLabel>
        {(Object.keys(dialogs) as AccountDialog[]).map((key) => (
          <MenuItem key={key} onSelect={() => setOpenDialog(key)}>
            {dialogs[key].label}
          </MenuItem>
        ))}
      </Menu>
      <Suspense fallback={null}>
        {Active ? <Active open onOpenChange={(open) => (open ? undefined : setOpenDialog(null))} /> : null}
      </Suspense>
    </>
  );
}
