import { Button, errorMessage, isAdvertiser, useCurrentUser } from '@app/platform';
import { useToast } from '@app/platform/app';
import { ENGAGEMENT_MESSAGES } from '@app/contracts/engagement';
import { useState } from 'react';
import type { ContentView } from '../api/content-api';
import { useContentUserStatus } from '../api/content-api';
import { useSocialAction } from '../api/engagement-api';
import { quickActionPoints, rewardDescription } from './engagement-rules';
import { SponsorDialog, TipDialog, TipOrFundDialog } from './money-dialogs';
import { ExternalMoveDialog, ShareDialog } from './share-move-dialogs';

type OpenDialog = 'share' | 'move' | 'tip' | 'fund' | 'sponsor' | null;

const ACTED = { like: 'Liked!', save: 'Saved to your collection', repost: 'Reposted!' } as const;
const FAILED = {
  like: ENGAGEMENT_MESSAGES.alreadyLiked,
  save: ENGAGEMENT_MESSAGES.alreadySaved,
  repost: 'Failed to repost',
} as const;

type QuickAction = 'like' | 'save' | 'repost';

/** Like, save or repost with the reward toast (or the refusal's), remembering what this visit did. */
function useQuickActions(contentId: string) {
  const toast = useToast();
  const action = useSocialAction(contentId);
  // What this visit did, from the answers: the user status is content's projection and may trail a command by a
  // moment, so a like or save answered 200 shows at once. A repost pays once per item; the button says so after it.
  const [done, setDone] = useState<ReadonlySet<QuickAction>>(new Set());
  const act = (type: QuickAction) =>
    action.mutate(type, {
      onSuccess: (answer) => {
        setDone((before) => new Set(before).add(type));
        toast.show({
          title: ACTED[type],
          description: rewardDescription(answer),
          variant: 'success',
          durationMilliseconds: 3000,
        });
      },
      onError: (error) => toast.show({ title: errorMessage(error, FAILED[type]), variant: 'error' }),
    });
  return { action, act, done };
}

/**
 * Like and save (once each, then disabled), repost, and the dialogs: share, external move, tip, tip or fund, sponsor.
 */
export function ContentActions({ content, isOwner }: { content: ContentView; isOwner: boolean }) {
  const user = useCurrentUser();
  const status = useContentUserStatus(content.id, true);
  const { action, act, done } = useQuickActions(content.id);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const reposted = done.has('repost');
  const liked = (status.data?.has_liked ?? false) || done.has('like');
  const saved = (status.data?.has_saved ?? false) || done.has('save');
  const archived = content.status === 'archived';
  const close = (open: boolean) => (open ? undefined : setDialog(null));

  return (
    <div className="ui-stack">
      <div className="ui-row" role="group" aria-label="Engage">
        <Button
          variant={liked ? 'secondary' : 'primary'}
          disabled={liked || status.isPending || archived}
          busy={action.isPending && action.variables === 'like'}
          onClick={() => act('like')}
        >
          {liked ? 'Liked' : `Like (+${quickActionPoints('like', user.user_tier)} pts)`}
        </Button>
        <Button
          variant={saved ? 'secondary' : 'primary'}
          disabled={saved || status.isPending || archived}
          busy={action.isPending && action.variables === 'save'}
          onClick={() => act('save')}
        >
          {saved ? 'Saved' : `Save (+${quickActionPoints('save', user.user_tier)} pts)`}
        </Button>
        <Button
          variant={reposted ? 'secondary' : 'primary'}
          disabled={status.isPending || archived}
          busy={action.isPending && action.variables === 'repost'}
          onClick={() => act('repost')}
        >
          {reposted ? 'Reposted' : `Repost (+${quickActionPoints('repost', user.user_tier)} pts)`}
        </Button>
        <Button variant="secondary" disabled={archived} onClick={() => setDialog('share')}>
          {`Share (+${quickActionPoints('share', user.user_tier)} pts)`}
        </Button>
        <Button variant="secondary" disabled={archived} onClick={() => setDialog('move')}>
          External Move
        </Button>
      </div>
      {status.isError ? (
        <p className="ui-field__error">
          Could not load whether you liked or saved this: {errorMessage(status.error, 'try again')}
        </p>
      ) : null}
      <SupportButtons isOwner={isOwner} archived={archived} onOpen={setDialog} />
      <ShareDialog content={content} open={dialog === 'share'} onOpenChange={close} />
      <ExternalMoveDialog content={content} open={dialog === 'move'} onOpenChange={close} />
      <TipDialog contentId={content.id} open={dialog === 'tip'} onOpenChange={close} />
      <TipOrFundDialog contentId={content.id} open={dialog === 'fund'} onOpenChange={close} isOwner={isOwner} />
      <SponsorDialog contentId={content.id} open={dialog === 'sponsor'} onOpenChange={close} />
    </div>
  );
}

/** Tip (not on one's own content), tip or fund, and sponsor (advertisers, not on their own content). */
function SupportButtons({
  isOwner,
  archived,
  onOpen,
}: {
  isOwner: boolean;
  archived: boolean;
  onOpen(dialog: OpenDialog): void;
}) {
  const user = useCurrentUser();
  return (
    <div className="ui-row" role="group" aria-label="Support the creator">
      {!isOwner ? (
        <Button variant="secondary" disabled={archived} onClick={() => onOpen('tip')}>
          Tip Creator
        </Button>
      ) : null}
      <Button variant="secondary" disabled={archived} onClick={() => onOpen('fund')}>
        {isOwner ? 'Fund' : 'Tip or Fund'}
      </Button>
      {isAdvertiser(user) && !isOwner ? (
        <Button variant="secondary" disabled={archived} onClick={() => onOpen('sponsor')}>
          Sponsor
        </Button>
      ) : null}
    </div>
  );
}
