import { Button, ErrorBox, TextField, errorMessage, isApiError, useCurrentUser } from '@app/platform';
import { Dialog, useToast } from '@app/platform/app';
import { ENGAGEMENT_MESSAGES, PROOF_IMAGE_MAX_BYTES, SOCIAL_ACTION_TYPES } from '@app/contracts/engagement';
import { useEffect, useRef, useState } from 'react';
import type { ContentView } from '../api/content-api';
import { readAsDataUrl } from '../api/content-api';
import { type SocialActionType, createShareLink, useExternalMove, useSocialAction } from '../api/engagement-api';
import { moveReward, quickActionPoints, rewardDescription } from './engagement-rules';

interface DialogProps {
  content: ContentView;
  open: boolean;
  onOpenChange(open: boolean): void;
}

const COPIED_MILLISECONDS = 2000;

function shareLinkFailure(error: unknown, again: boolean): string {
  if (isApiError(error) && error.status >= 500) return 'Unable to generate link. Try again shortly.';
  return again ? 'Unable to regenerate share link' : 'Unable to generate share link';
}

/** Share Content: a short link made as the dialog opens (and on demand), copied with a 2-second confirmation. */
export function ShareDialog({ content, open, onOpenChange }: DialogProps) {
  const user = useCurrentUser();
  const toast = useToast();
  const share = useSocialAction(content.id);
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const shared = useRef(false);

  const generate = async (again: boolean) => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await createShareLink({
        target_url: `${window.location.origin}/content/${encodeURIComponent(content.id)}`,
        content_id: content.id,
        campaign_id: null,
      });
      // The API answers its short link as a path or an absolute URL; the dialog always shows one to copy.
      setLink(new URL(answer.data.url, window.location.origin).href);
    } catch (error) {
      setFailure(shareLinkFailure(error, again));
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    if (open && !link && !busy) void generate(false);
    // Generated once per opening; a regeneration is the user's choice.
  }, [open]);

  const copy = async () => {
    if (!link) return;
    await navigator.clipboard?.writeText(link).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), COPIED_MILLISECONDS);
    if (shared.current) return;
    shared.current = true;
    share.mutate('share', {
      onSuccess: (answer) =>
        toast.show({
          title: 'Shared!',
          description: rewardDescription(answer),
          variant: 'success',
          durationMilliseconds: 4000,
        }),
      onError: (error) => toast.show({ title: errorMessage(error, 'Failed to record the share'), variant: 'error' }),
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Share Content"
      description={
        'Anyone with the link lands on this content. Copying it shares it: ' +
        `+${quickActionPoints('share', user.user_tier)} points (once per item) and free shares.`
      }
    >
      {failure ? <ErrorBox message={failure} /> : null}
      <TextField label="Share link" readOnly value={link ?? (busy ? 'Generating…' : '')} />
      <div className="ui-row">
        <Button disabled={!link} onClick={() => void copy()}>
          {copied ? 'Copied!' : 'Copy link'}
        </Button>
        <Button variant="secondary" busy={busy} onClick={() => void generate(true)}>
          Regenerate
        </Button>
      </div>
    </Dialog>
  );
}

/** What is wrong with the proof given, if anything: one of a URL or a PNG/JPG screenshot of at most 10 MB. */
function proofProblem(file: File | null, proofUrl: string): string | null {
  if (!file && proofUrl.trim() === '') return ENGAGEMENT_MESSAGES.proofRequired;
  if (file && !['image/png', 'image/jpeg'].includes(file.type)) return ENGAGEMENT_MESSAGES.proofNotAnImage;
  if (file && file.size > PROOF_IMAGE_MAX_BYTES) return ENGAGEMENT_MESSAGES.proofTooLarge;
  return null;
}

/**
 * External Move: an action done on the content's own platform, proven by a URL or a screenshot (PNG/JPG ≤ 10 MB).
 */
export function ExternalMoveDialog({ content, open, onOpenChange }: DialogProps) {
  const toast = useToast();
  const move = useExternalMove();
  const [moveType, setMoveType] = useState<SocialActionType>('like');
  const [proofUrl, setProofUrl] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const submit = async () => {
    setProblem(null);
    const found = proofProblem(file, proofUrl);
    if (found) return setProblem(found);
    let proof = proofUrl.trim();
    if (file) {
      // The screenshot goes with the move as a data URL; the API checks its bytes and stores it.
      setUploading(true);
      try {
        proof = await readAsDataUrl(file);
      } catch (error) {
        return setProblem(errorMessage(error, 'The screenshot could not be read'));
      } finally {
        setUploading(false);
      }
    }
    move.mutate(
      {
        move_type: moveType,
        content_id: content.id,
        content_platform: content.platform,
        content_url: content.platform_url,
        proof_url: proof,
        proof_type: file ? 'image' : 'url',
      },
      {
        onSuccess: (answer) => {
          toast.show({
            title: 'External move recorded',
            description: `+${answer.points_earned} points and ${answer.keys_earned} keys`,
            variant: 'success',
            durationMilliseconds: 4000,
          });
          onOpenChange(false);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="External Move"
      description={
        `Engage with this content on ${content.platform} and prove it: ` + 'external moves earn 10x in-app actions.'
      }
    >
      <MoveTypeField moveType={moveType} onChange={setMoveType} />
      <ProofFields proofUrl={proofUrl} onProofUrl={setProofUrl} onFile={setFile} />
      {problem ? <ErrorBox message={problem} /> : null}
      {move.isError ? <ErrorBox message={errorMessage(move.error, 'Failed to record external move')} /> : null}
      <Button busy={uploading || move.isPending} onClick={() => void submit()}>
        Submit Proof
      </Button>
    </Dialog>
  );
}

/** The move to prove, with what it earns at the user's tier. */
function MoveTypeField({ moveType, onChange }: { moveType: SocialActionType; onChange(type: SocialActionType): void }) {
  const user = useCurrentUser();
  const reward = moveReward(moveType, user.user_tier);
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor="move-type">
        Move
      </label>
      <select
        id="move-type"
        className="ui-field__input"
        value={moveType}
        onChange={(event) => onChange(event.target.value as SocialActionType)}
      >
        {SOCIAL_ACTION_TYPES.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </select>
      <p className="ui-field__hint">
        Earns {reward.points} points and {reward.keys} keys at your tier.
      </p>
    </div>
  );
}

function ProofFields(props: { proofUrl: string; onProofUrl(url: string): void; onFile(file: File | null): void }) {
  return (
    <>
      <TextField
        label="Proof URL"
        type="url"
        placeholder="https://"
        value={props.proofUrl}
        onChange={(event) => props.onProofUrl(event.target.value)}
      />
      <TextField
        label="Or a screenshot"
        type="file"
        accept="image/png,image/jpeg"
        hint="PNG or JPG, max 10 MB"
        onChange={(event) => props.onFile(event.target.files?.[0] ?? null)}
      />
    </>
  );
}
