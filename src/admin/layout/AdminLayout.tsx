import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AdminMenu } from './AdminMenu';
import { DocumentTitle } from './DocumentTitle';

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <Layout menu={AdminMenu}>{children}</Layout>
      {/* Outside the page's Suspense and error boundary: the tab follows the app bar whatever the page does. */}
      <DocumentTitle />
    </>
  );
}
