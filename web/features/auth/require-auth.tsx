import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../../components/spinner.tsx';
import { useSession } from './session.api.ts';

/** SPEC §2 login guard: a spinner while the session loads, /login (remembering where) without one. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <Spinner className="py-20" />;
  if (!user) return <Navigate to="/login" state={{ from: location }} replace />;
  return children;
}
