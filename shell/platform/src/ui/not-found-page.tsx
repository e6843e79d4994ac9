import { Link } from 'react-router';

/** 'Page Not Found', used by the shell and by every remote for paths nobody owns. */
export function NotFoundPage() {
  return (
    <section className="ui-centered-page" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page Not Found</h1>
      <p>The page you are looking for might have been removed or is temporarily unavailable.</p>
      <Link className="ui-button ui-button--primary ui-button--medium" to="/">
        Back to Home
      </Link>
    </section>
  );
}
