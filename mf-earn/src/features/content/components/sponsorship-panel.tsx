import { Card, formatCount } from '@app/platform';
import type { ContentView } from '../api/content-api';
import { useSponsorship } from '../api/engagement-api';

/** The live sponsorship: none, or the stacked boost of every sponsor. */
export function SponsorshipPanel({ content }: { content: ContentView }) {
  const sponsorship = useSponsorship(content.id, true);
  const data = sponsorship.data as { sponsor_count?: number; total_boost_multiplier?: number; sponsor_names?: string[] } | undefined;
  const count = data?.sponsor_count ?? 0;
  return (
    <Card title="Sponsorship">
      {sponsorship.isPending ? (
        <p className="ui-muted">Loading sponsorship…</p>
      ) : count > 0 ? (
        <p>
          Boosted {data?.total_boost_multiplier ?? 1}x by {formatCount(count)} {count === 1 ? 'sponsor' : 'sponsors'}
          {data?.sponsor_names?.length ? `: ${data.sponsor_names.join(', ')}` : ''}
        </p>
      ) : (
        <p className="ui-muted">{content.is_sponsored ? 'Sponsored' : 'Not sponsored yet. Advertisers can boost this content with gems.'}</p>
      )}
    </Card>
  );
}
