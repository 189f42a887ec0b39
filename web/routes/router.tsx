import { createBrowserRouter, Navigate } from 'react-router';
import { ComingSoon } from '../components/coming-soon.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { RegisterPage } from '../features/auth/register-page.tsx';
import { RequireAuth } from '../features/auth/require-auth.tsx';
import { DashboardLayout } from '../features/dashboard/dashboard-layout.tsx';
import { DashboardHomePage } from '../features/dashboard/home/dashboard-home-page.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { ProfilePage } from '../features/profile/profile-page.tsx';
import { AllRequestsPage } from '../features/requests/all-requests-page.tsx';
import { CreateRequestPage } from '../features/requests/create-request-page.tsx';
import { MyRequestsPage } from '../features/requests/my-requests-page.tsx';
import { PendingRequestsPage } from '../features/requests/pending-requests-page.tsx';
import { requestDetailLoader } from '../features/requests/request-detail.loader.ts';
import {
  RequestDetailError,
  RequestDetailPage,
} from '../features/requests/request-detail-page.tsx';
import { SearchDonorPage } from '../features/search/search-donor-page.tsx';
import { AllUsersPage } from '../features/users/all-users-page.tsx';
import { NotFound } from './not-found.tsx';
import { RequireRole } from './require-role.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      {
        // Pathless so that an error keeps the navigation and footer around it.
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'search-donor', element: <SearchDonorPage /> },
          // DESIGN §1: the footer's Find Donors target keeps working.
          { path: 'search-page', element: <Navigate to="/search-donor" replace /> },
          { path: 'blood-donation-request', element: <PendingRequestsPage /> },
          {
            // Behind the login guard and loaded before render (SPEC §2): the loader answers null
            // for visitors, and RequireAuth sends them to /login and back.
            path: 'blood-donation-request/:id',
            loader: requestDetailLoader,
            errorElement: <RequestDetailError />,
            element: (
              <RequireAuth>
                <RequestDetailPage />
              </RequireAuth>
            ),
          },
          { path: 'blogs', element: <ComingSoon page="blogs" /> },
          { path: 'blogs/:id', element: <ComingSoon page="blogDetail" /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'register', element: <RegisterPage /> },
          {
            path: 'dashboard',
            element: (
              <RequireAuth>
                <DashboardLayout />
              </RequireAuth>
            ),
            children: [
              { index: true, element: <DashboardHomePage /> },
              { path: 'profile', element: <ProfilePage /> },
              { path: 'my-donation-requests', element: <MyRequestsPage /> },
              { path: 'create-donation-request', element: <CreateRequestPage /> },
              // Staff pages: the role guard alone decides who sees them; the pages do not check.
              {
                element: <RequireRole allow="admin" />,
                children: [{ path: 'allUsers', element: <AllUsersPage /> }],
              },
              {
                element: <RequireRole allow="staff" />,
                children: [
                  { path: 'all-donation-requests', element: <AllRequestsPage /> },
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
