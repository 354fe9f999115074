// The staff console: react-admin Resources mounted at /admin inside the app's router (src/main.tsx lazy-loads this
// module under /admin/*), right-to-left, in Arabic, by role. The login page is the public site's /login.
import '@fontsource/noto-kufi-arabic/arabic-400.css';
import '@fontsource/noto-kufi-arabic/arabic-700.css';
import { CacheProvider } from '@emotion/react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Navigate, Route } from 'react-router';
import { API_BASE } from '../api/client';
import { getToken, landingPathFor } from '../shared/session';
import { createAuthProvider } from '../authProvider/authProvider';
import { createDataProvider } from '../dataProvider';
import { CONSOLE_BASE } from '../domain/paths/consolePaths';
import { t } from '../domain/messages';
import { i18nProvider } from './i18n';
import { rtlTheme } from './theme';
import { rtlCache } from './rtlCache';
import { AdminLayout } from './layout/AdminLayout';
import { AccessDenied, NotFound } from './layout/AccessDenied';
import { withAccessGuard } from './layout/accessGuard';
import { Dashboard } from './pages/Dashboard';
import { PasswordPage } from './pages/PasswordPage';
import { GraveRangePage } from './pages/GraveRangePage';
import { LedgerEntryPage } from './pages/LedgerEntryPage';
import { ImportPage } from './pages/ImportPage';
import { PlanConsolePage } from './pages/PlanConsolePage';
import { PlateSheetsPage } from './pages/PlateSheetsPage';
import { SettingsPage } from './pages/SettingsPage';
import { StatisticsPage } from './pages/StatisticsPage';
import { RegisterBookPage } from './pages/RegisterBookPage';
import { BuryPage, graves } from './resources/graves';
import { suggestions } from './resources/suggestions';
import { articles } from './resources/articles';
import { users } from './resources/users';
import { audit } from './resources/audit';
import { notices } from './resources/notices';
import { corrections } from './resources/corrections';
import { photos } from './resources/photos';

export const authProvider = createAuthProvider();
export const dataProvider = withAccessGuard(
  createDataProvider(API_BASE, getToken),
  () => authProvider.currentUser()?.role ?? null,
);

/**
 * /admin/login: the login page is the public /login, and a staff member already signed in (this route is behind
 * the console's session check) goes on to the role's landing page instead of a login form.
 */
function LoginRedirect() {
  const user = authProvider.currentUser();
  return user ? <Navigate to={landingPathFor(user.role)} replace /> : null;
}

export default function AdminApp() {
  return (
    <CacheProvider value={rtlCache}>
      <Admin
        basename={CONSOLE_BASE}
        title={t('admin.title')}
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        theme={rtlTheme}
        darkTheme={null}
        layout={AdminLayout}
        dashboard={Dashboard}
        loginPage={false}
        requireAuth
        disableTelemetry
        accessDenied={AccessDenied}
        catchAll={NotFound}
      >
        <Resource {...graves}>
          <Route path=":id/bury" element={<BuryPage />} />
        </Resource>
        <Resource {...suggestions} />
        <Resource {...articles} />
        <Resource {...notices} />
        <Resource {...corrections} />
        <Resource {...photos} />
        <Resource {...users} />
        <Resource {...audit} />
        <CustomRoutes>
          <Route path="/password" element={<PasswordPage />} />
          <Route path="/login" element={<LoginRedirect />} />
          <Route path="/graves-range" element={<GraveRangePage />} />
          <Route path="/ledger" element={<LedgerEntryPage />} />
          <Route path="/import" element={<ImportPage />} />
          <Route path="/plan" element={<PlanConsolePage />} />
          <Route path="/plate-sheets" element={<PlateSheetsPage />} />
          <Route path="/settings" element={<SettingsPage />} />
          <Route path="/statistics" element={<StatisticsPage />} />
          <Route path="/statistics/register-book" element={<RegisterBookPage />} />
        </CustomRoutes>
      </Admin>
    </CacheProvider>
  );
}
