import { createBrowserRouter, type RouteObject } from 'react-router';
import { ErrorScreen } from '../components/layout/error-screen.tsx';
import { AppLayout } from './layout/app-layout.tsx';

/**
 * Every path of the spec's route table. Each screen is its own lazily loaded chunk
 * (`app/routes/<screen>.tsx` exporting `Component`).
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <ErrorScreen />,
    children: [
      {
        errorElement: <ErrorScreen />,
        children: [
          { index: true, lazy: () => import('./routes/home.tsx') },
          { path: 'footer', lazy: () => import('./routes/footer.tsx') },
          { path: 'services', lazy: () => import('./routes/services.tsx') },
          { path: 'services/:category/:subcategory', lazy: () => import('./routes/service.tsx') },
          {
            path: 'services/:category/:billerCategoryName/:billerName',
            lazy: () => import('./routes/bill-entry.tsx'),
          },
          { path: 'billerdetails', lazy: () => import('./routes/biller-details.tsx') },
          { path: 'about', lazy: () => import('./routes/about.tsx') },
          { path: 'contact', lazy: () => import('./routes/contact.tsx') },
          { path: 'complaint', lazy: () => import('./routes/complaint.tsx') },
          { path: 'terms', lazy: () => import('./routes/terms.tsx'), handle: { hideHeader: true } },
          { path: 'privacy', lazy: () => import('./routes/privacy.tsx'), handle: { hideHeader: true } },
          { path: 'education', lazy: () => import('./routes/education.tsx') },
          { path: 'nav', lazy: () => import('./routes/nav.tsx') },
          { path: 'login', lazy: () => import('./routes/login.tsx') },
          { path: 'signup', lazy: () => import('./routes/signup.tsx') },
          { path: 'register', lazy: () => import('./routes/signup.tsx') },
          { path: 'forgotPassword', lazy: () => import('./routes/forgot-password.tsx') },
          { path: 'delete-account', lazy: () => import('./routes/delete-account.tsx') },
          { path: 'payment-selection', lazy: () => import('./routes/payment-selection.tsx') },
          { path: 'profile', lazy: () => import('./routes/profile.tsx') },
          { path: 'txn', lazy: () => import('./routes/txn.tsx') },
          { path: 'bbps', lazy: () => import('./routes/bbps.tsx') },
          { path: 'payment-success', lazy: () => import('./routes/payment-success.tsx') },
          { path: 'payment-failure', lazy: () => import('./routes/payment-failure.tsx') },
          { path: 'phonepe/status/:transactionId', lazy: () => import('./routes/phonepe-status.tsx') },
          { path: 'receipt/:orderId', lazy: () => import('./routes/receipt.tsx') },
          { path: 'merchant', lazy: () => import('./routes/merchant.tsx') },
          { path: '*', lazy: () => import('./routes/not-found.tsx') },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
