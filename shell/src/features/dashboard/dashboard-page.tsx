import { FeedTabs } from './feed-tabs';
import { WelcomeBanner } from './welcome-banner';
import './dashboard.css';

/** The signed-in home (spec 2 §2): the welcome banner and the feed's three tabs. */
export default function DashboardPage() {
  return (
    <div className="ui-stack">
      <WelcomeBanner />
      <section className="ui-card" aria-label="Your feed">
        <FeedTabs />
      </section>
    </div>
  );
}
