import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** The flag another screen (a checkout return, a conversion) leaves for the dashboard to refresh once (spec 3 §7). */
export const CONVERSION_FLAG = 'advertiser_conversion';

/**
 * Real-time metrics (spec 3 §7): refresh when the tab becomes visible again, on every route change after the first
 * render, and when a `#converted` hash or the `advertiser_conversion` flag is present (the flag is consumed).
 */
export function useRealtimeRefresh(refresh: () => void): void {
  const location = useLocation();
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  const firstRender = useRef(true);

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') refreshRef.current();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  useEffect(() => {
    let converted = location.hash === '#converted';
    try {
      if (window.localStorage.getItem(CONVERSION_FLAG)) {
        window.localStorage.removeItem(CONVERSION_FLAG);
        converted = true;
      }
    } catch {
      // Storage may be unavailable (private mode): the hash and the other triggers still work.
    }
    if (firstRender.current) {
      firstRender.current = false;
      if (!converted) return;
    }
    refreshRef.current();
  }, [location.key, location.hash]);
}
