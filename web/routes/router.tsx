import { createBrowserRouter, Navigate } from 'react-router';
import { ComingSoon } from '../components/coming-soon.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { NotFound } from './not-found.tsx';
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
          { path: 'search-donor', element: <ComingSoon page="searchDonor" /> },
          // DESIGN §1: the footer's Find Donors target keeps working.
          { path: 'search-page', element: <Navigate to="/search-donor" replace /> },
          { path: 'blood-donation-request', element: <ComingSoon page="donationRequests" /> },
          { path: 'blood-donation-request/:id', element: <ComingSoon page="requestDetail" /> },
          { path: 'blogs', element: <ComingSoon page="blogs" /> },
          { path: 'blogs/:id', element: <ComingSoon page="blogDetail" /> },
          { path: 'login', element: <ComingSoon page="login" /> },
          { path: 'register', element: <ComingSoon page="register" /> },
          {
            path: 'dashboard',
            children: [
              { index: true, element: <ComingSoon page="dashboard" /> },
              { path: 'profile', element: <ComingSoon page="profile" /> },
              { path: 'my-donation-requests', element: <ComingSoon page="myDonationRequests" /> },
              {
                path: 'create-donation-request',
                element: <ComingSoon page="createDonationRequest" />,
              },
              { path: 'allUsers', element: <ComingSoon page="allUsers" /> },
              { path: 'all-donation-requests', element: <ComingSoon page="allDonationRequests" /> },
              { path: 'content-management', element: <ComingSoon page="contentManagement" /> },
              { path: 'content-management/add-blog', element: <ComingSoon page="addBlog" /> },
            ],
          },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
]);
