import { profileSlug, useSession } from '@app/platform';
import { Navigate, useLocation } from 'react-router';

const PROFILE_UNAVAILABLE_DATA = encodeURIComponent(JSON.stringify({ message: 'Profile unavailable' }));

/** /profile → the user's own profile by slug, username or e-mail prefix, keeping the query string. */
export default function ProfileRedirect() {
  const { user } = useSession();
  const location = useLocation();
  const slug = profileSlug(user);
  if (!slug) return <Navigate to={`/error?code=PROFILE_UNAVAILABLE&data=${PROFILE_UNAVAILABLE_DATA}`} replace />;
  return <Navigate to={`/profile/${encodeURIComponent(slug)}${location.search}`} replace />;
}
