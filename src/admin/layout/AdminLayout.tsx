import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AdminMenu } from './AdminMenu';
import { DocumentTitle } from './DocumentTitle';
import { useRegisterSettings } from '../queries';

/** Starts reading the server's settings when the console opens, not when the first page needing them does. */
function RegisterSettingsReader() {
  useRegisterSettings();
  return null;
}

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <Layout menu={AdminMenu}>{children}</Layout>
      {/* Outside the page's Suspense and error boundary: the tab follows the app bar whatever the page does. */}
      <DocumentTitle />
      <RegisterSettingsReader />
    </>
  );
}
