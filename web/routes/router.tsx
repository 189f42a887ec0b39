import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth/require-auth.tsx';
import { withListStrings, withScreenStrings } from '../lib/i18n.ts';
import { NotFound } from './not-found.tsx';
import { RequireRole } from './require-role.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

/**
 * Every page loads on first visit (its own chunk, with the other screens' strings), so the home
 * page's first load carries no dashboard, form or list code and none of their text
 * (tests/e2e/bundle-budget.spec.ts holds it there), and the other pages do not carry the home
 * page's sections (tests/e2e/page-load-budget.spec.ts).
 */
const page =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType, strings = withScreenStrings) =>
  async () => ({
    Component: pick(await strings(load())),
  });

/** A public list: it draws only en.json's and en.lists.json's strings (decision 020). */
const listPage = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  page(load, pick, withListStrings);

/** The app's routes; web/main.tsx makes the browser's router of them, web/prerender.tsx renders them at build. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        // Pathless so that an error keeps the navigation and footer around it.
        errorElement: <RouteError />,
        children: [
          {
            // Its strings are in en.json (the first load's), so it needs no others.
            index: true,
            lazy: async () => ({
              Component: (await import('../features/home/home-page.tsx')).HomePage,
            }),
          },
          {
            path: 'search-donor',
            lazy: listPage(
              () => import('../features/search/search-donor-page.tsx'),
              (m) => m.SearchDonorPage,
            ),
          },
          // DESIGN §1: the footer's Find Donors target keeps working.
          { path: 'search-page', element: <Navigate to="/search-donor" replace /> },
          {
            path: 'blood-donation-request',
            lazy: listPage(
              () => import('../features/requests/pending-requests-page.tsx'),
              (m) => m.PendingRequestsPage,
            ),
          },
          {
            // Behind the login guard and loaded before render (SPEC §2): the loader answers null
            // for visitors, and RequireAuth sends them to /login and back.
            path: 'blood-donation-request/:id',
            // Loaded with the page (in parallel), not with the site: it brings the requests API.
            loader: async (args) =>
              (await import('../features/requests/request-detail.loader.ts')).requestDetailLoader(
                args,
              ),
            lazy: async () => {
              // The request's page, with trust's actions on it (requests never imports trust).
              const [{ RequestDetailError, RequestDetailPage }, { RequestTrustActions }] =
                await Promise.all([
                  withScreenStrings(import('../features/requests/request-detail-page.tsx')),
                  import('../features/trust/request-trust-actions.tsx'),
                ]);
              return {
                ErrorBoundary: RequestDetailError,
                Component: () => (
                  <RequireAuth>
                    <RequestDetailPage trustActions={RequestTrustActions} />
                  </RequireAuth>
                ),
              };
            },
          },
          {
            // Issue 29: outcomes for everyone; its charts are its own SVG, in its own chunk.
            path: 'impact',
            lazy: page(
              () => import('../features/impact/impact-page.tsx'),
              (m) => m.ImpactPage,
            ),
          },
          {
            // Issue 31: the privacy notice, public and prerendered (decision 040).
            path: 'privacy',
            lazy: page(
              () => import('../features/privacy/privacy-page.tsx'),
              (m) => m.PrivacyPage,
            ),
          },
          {
            path: 'blogs',
            lazy: listPage(
              () => import('../features/blogs/blogs-page.tsx'),
              (m) => m.BlogsPage,
            ),
          },
          {
            // Loaded before render (SPEC §2); the loader comes with the page's chunk.
            path: 'blogs/:id',
            lazy: async () => {
              const [{ blogDetailLoader }, { BlogDetailPage, BlogDetailError }] = await Promise.all(
                [
                  import('../features/blogs/blog-detail.loader.ts'),
                  withScreenStrings(import('../features/blogs/blog-detail-page.tsx')),
                ],
              );
              return {
                loader: blogDetailLoader,
                Component: BlogDetailPage,
                ErrorBoundary: BlogDetailError,
              };
            },
          },
          {
            path: 'login',
            lazy: page(
              () => import('../features/auth/login-page.tsx'),
              (m) => m.LoginPage,
            ),
          },
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
              const { DashboardLayout } = await withScreenStrings(
                import('../features/dashboard/dashboard-layout.tsx'),
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
                // Issue 25: two-step sign-in (admins must, anyone may).
                path: 'two-factor',
                lazy: page(
                  () => import('../features/auth/two-factor-page.tsx'),
                  (m) => m.TwoFactorPage,
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
              {
                // Issue 14: a thank-you certificate for one of one's own donations.
                path: 'donations/:id/certificate',
                lazy: page(
                  () => import('../features/history/certificate-page.tsx'),
                  (m) => m.CertificatePage,
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
                  {
                    path: 'audit-log',
                    lazy: page(
                      () => import('../features/audit/audit-log-page.tsx'),
                      (m) => m.AuditLogPage,
                    ),
                  },
                  {
                    // Issue 25: emails the outbox gave up on, with Resend.
                    path: 'failed-emails',
                    lazy: page(
                      () => import('../features/outbox/failed-emails-page.tsx'),
                      (m) => m.FailedEmailsPage,
                    ),
                  },
                  {
                    path: 'contact-messages',
                    lazy: page(
                      () => import('../features/contact/contact-inbox-page.tsx'),
                      (m) => m.ContactInboxPage,
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
                  {
                    path: 'reports',
                    lazy: page(
                      () => import('../features/trust/reports-page.tsx'),
                      (m) => m.ReportsPage,
                    ),
                  },
                  {
                    path: 'content-management',
                    lazy: page(
                      () => import('../features/blogs/content-management-page.tsx'),
                      (m) => m.ContentManagementPage,
                    ),
                  },
                  {
                    path: 'content-management/add-blog',
                    lazy: page(
                      () => import('../features/blogs/add-blog-page.tsx'),
                      (m) => m.AddBlogPage,
                    ),
                  },
                ],
              },
            ],
          },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];
