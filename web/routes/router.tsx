import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { ComingSoon } from '../components/coming-soon.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { RequireAuth } from '../features/auth/require-auth.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { requestDetailLoader } from '../features/requests/request-detail.loader.ts';
import { NotFound } from './not-found.tsx';
import { RequireRole } from './require-role.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

/**
 * Every page but the home page and the login form loads on first visit (its own chunk), so the
 * home page's first load carries no dashboard, form or list code.
 */
const page =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({
    Component: pick(await load()),
  });

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      {
        // Pathless so that an error keeps the navigation and footer around it.
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage /> },
          {
            path: 'search-donor',
            lazy: page(
              () => import('../features/search/search-donor-page.tsx'),
              (m) => m.SearchDonorPage,
            ),
          },
          // DESIGN §1: the footer's Find Donors target keeps working.
          { path: 'search-page', element: <Navigate to="/search-donor" replace /> },
          {
            path: 'blood-donation-request',
            lazy: page(
              () => import('../features/requests/pending-requests-page.tsx'),
              (m) => m.PendingRequestsPage,
            ),
          },
          {
            // Behind the login guard and loaded before render (SPEC §2): the loader answers null
            // for visitors, and RequireAuth sends them to /login and back.
            path: 'blood-donation-request/:id',
            loader: requestDetailLoader,
            lazy: async () => {
              const { RequestDetailError, RequestDetailPage } = await import(
                '../features/requests/request-detail-page.tsx'
              );
              return {
                ErrorBoundary: RequestDetailError,
                Component: () => (
                  <RequireAuth>
                    <RequestDetailPage />
                  </RequireAuth>
                ),
              };
            },
          },
          { path: 'blogs', element: <ComingSoon page="blogs" /> },
          { path: 'blogs/:id', element: <ComingSoon page="blogDetail" /> },
          { path: 'login', element: <LoginPage /> },
          {
            path: 'login/forgot-password',
            lazy: page(
              () => import('../features/auth/forgot-password-page.tsx'),
              (m) => m.ForgotPasswordPage,
            ),
          },
          {
            path: 'login/reset-password',
            lazy: page(
              () => import('../features/auth/reset-password-page.tsx'),
              (m) => m.ResetPasswordPage,
            ),
          },
          {
            path: 'register',
            lazy: page(
              () => import('../features/auth/register-page.tsx'),
              (m) => m.RegisterPage,
            ),
          },
          {
            path: 'dashboard',
            lazy: async () => {
              const { DashboardLayout } = await import(
                '../features/dashboard/dashboard-layout.tsx'
              );
              return {
                Component: () => (
                  <RequireAuth>
                    <DashboardLayout />
                  </RequireAuth>
                ),
              };
            },
            children: [
              {
                index: true,
                lazy: page(
                  () => import('../features/dashboard/home/dashboard-home-page.tsx'),
                  (m) => m.DashboardHomePage,
                ),
              },
              {
                path: 'profile',
                lazy: page(
                  () => import('../features/profile/profile-page.tsx'),
                  (m) => m.ProfilePage,
                ),
              },
              {
                path: 'notifications',
                lazy: page(
                  () => import('../features/notifications/notifications-page.tsx'),
                  (m) => m.NotificationsPage,
                ),
              },
              {
                path: 'my-donation-requests',
                lazy: page(
                  () => import('../features/requests/my-requests-page.tsx'),
                  (m) => m.MyRequestsPage,
                ),
              },
              {
                path: 'create-donation-request',
                lazy: page(
                  () => import('../features/requests/create-request-page.tsx'),
                  (m) => m.CreateRequestPage,
                ),
              },
              // Staff pages: the role guard alone decides who sees them; the pages do not check.
              {
                element: <RequireRole allow="admin" />,
                children: [
                  {
                    path: 'allUsers',
                    lazy: page(
                      () => import('../features/users/all-users-page.tsx'),
                      (m) => m.AllUsersPage,
                    ),
                  },
                ],
              },
              {
                element: <RequireRole allow="staff" />,
                children: [
                  {
                    path: 'all-donation-requests',
                    lazy: page(
                      () => import('../features/requests/all-requests-page.tsx'),
                      (m) => m.AllRequestsPage,
                    ),
                  },
                  { path: 'content-management', element: <ComingSoon page="contentManagement" /> },
                  { path: 'content-management/add-blog', element: <ComingSoon page="addBlog" /> },
                ],
              },
            ],
          },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
]);
