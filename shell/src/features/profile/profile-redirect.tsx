import { profileSlug, useSession } from '@app/platform';
import { Navigate, useLocation } from 'react-router';

/** /profile → the user's own profile by slug, username or e-mail prefix, keeping the query string. */
export default function ProfileRedirect() {
  const { user } = useSession();
  const location = useLocation();
  const slug = profileSlug(user);
  if (!slug)
    return (
      <Navigate
        to={`/error?code=PROFILE_UNAVAILABLE&data=${encodeURIComponent(JSON.stringify({ message: 'Profile unavailable' }))}`}
        replace
      />
    );
  return <Navigate to={`/profile/${encodeURIComponent(slug)}${location.search}`} replace />;
}
