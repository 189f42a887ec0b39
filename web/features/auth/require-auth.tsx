import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { OfflinePage } from '../../components/offline-page.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useOffline } from '../../lib/online.ts';
import { useSession } from './session.api.ts';

/**
 * SPEC §2 login guard: a spinner while the session loads, /login (remembering where) without one.
 * Offline with no session known, neither can come (issue 25: the dashboard said "Something went
 * wrong", or waited for ever): it says so instead, with the pages that open offline.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  const offline = useOffline();
  const location = useLocation();
  if (!user && offline) return <OfflinePage />;
  if (isLoading) return <Spinner className="py-20" />;
  if (!user) {
    // A guard on a page being left (a sign-out goes home first, useSignOutEverywhere) sends no
    // one to /login: React may still hold the old page while the new one loads, and hears of the
    // ended session before it has let go of it.
    if (isBeingLeft(location.pathname)) return null;
    return <Navigate to="/login" state={{ from: location }} replace />;
  }
  return children;
}

/** The address bar already shows another page than the one this guard was drawn for. */
const isBeingLeft = (pathname: string) =>
  typeof window !== 'undefined' && window.location.pathname !== pathname;
