import { Card, formatCount } from '@app/platform';
import type { ContentView } from '../api/content-api';
import { useSponsorship } from '../api/engagement-api';

/** The live sponsorship: none, or the stacked boost of every sponsor. */
export function SponsorshipPanel({ content }: { content: ContentView }) {
  const sponsorship = useSponsorship(content.id, true);
  const data = sponsorship.data;
  const count = data?.sponsor_count ?? 0;
  return (
    <Card title="Sponsorship">
      {sponsorship.isPending ? (
        <p className="ui-muted">Loading sponsorship…</p>
      ) : sponsorship.isError ? (
        <p className="ui-field__error">Could not load the sponsorship: {sponsorship.error.message}</p>
      ) : count > 0 ? (
        <p>
          Boosted {data?.total_boost_multiplier}x by {formatCount(count)} {count === 1 ? 'sponsor' : 'sponsors'}
          {data?.sponsor_names.length ? `: ${data.sponsor_names.join(', ')}` : ''}
          {data?.ends_at ? ` · until ${new Date(data.ends_at).toLocaleString()}` : ''}
        </p>
      ) : (
        <p className="ui-muted">
          {content.is_sponsored ? 'Sponsored' : 'Not sponsored yet. Advertisers can boost this content with gems.'}
        </p>
      )}
    </Card>
  );
}
