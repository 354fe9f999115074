// One router: the public site, redirects from the spec's staff paths, and the lazy staff console under /admin.
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes, useParams } from 'react-router';
import { LEGACY_STAFF_REDIRECTS } from './domain/consolePaths';
import { Loading } from './public/components/Status';
import { Layout } from './public/layout/Layout';
import HomePage from './public/pages/HomePage';
import { SessionProvider } from './public/session';
import './public/styles.css';

// The home page is in the first download; every other screen is its own small chunk.
const MenPage = lazy(() => import('./public/pages/MenPage'));
const WomenPage = lazy(() => import('./public/pages/WomenPage'));
const BonesPage = lazy(() => import('./public/pages/BonesPage'));
const ContactPage = lazy(() => import('./public/pages/ContactPage'));
const SuggestPage = lazy(() => import('./public/pages/SuggestPage'));
const ApprovedPage = lazy(() => import('./public/pages/ApprovedPage'));
const TeamPage = lazy(() => import('./public/pages/TeamPage'));
const MemorialPage = lazy(() => import('./public/pages/MemorialPage'));
const ArticlePage = lazy(() => import('./public/pages/ArticlePage'));
const GraveDetailsPage = lazy(() => import('./public/pages/GraveDetailsPage'));
const LoginPage = lazy(() => import('./public/pages/LoginPage'));
const NotFoundPage = lazy(() => import('./public/pages/NotFoundPage'));
// The console (react-admin, MUI) loads only when a staff page opens.
const AdminApp = lazy(() => import('./admin/AdminApp'));

function LegacyRedirect({ to }: { to: (params: { graveId?: string }) => string }) {
  const params = useParams();
  return <Navigate to={to({ graveId: params.graveId })} replace />;
}

function App() {
  return (
    <BrowserRouter>
      <SessionProvider>
        <Routes>
          <Route
            path="/admin/*"
            element={
              <Suspense fallback={<Loading />}>
                <AdminApp />
              </Suspense>
            }
          />
          {LEGACY_STAFF_REDIRECTS.map(({ from, to }) => (
            <Route key={from} path={from} element={<LegacyRedirect to={to} />} />
          ))}
          <Route element={<Layout />}>
            <Route index element={<HomePage />} />
            <Route path="man" element={<MenPage />} />
            <Route path="woman" element={<WomenPage />} />
            <Route path="bones" element={<BonesPage />} />
            <Route path="contact" element={<ContactPage />} />
            <Route path="suggest" element={<SuggestPage />} />
            <Route path="approved" element={<ApprovedPage />} />
            <Route path="team" element={<TeamPage />} />
            <Route path="MemorialPage" element={<MemorialPage />} />
            <Route path="ArticleDetail/:id" element={<ArticlePage />} />
            <Route path="grave-details-user/:graveId" element={<GraveDetailsPage />} />
            <Route path="login" element={<LoginPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </SessionProvider>
    </BrowserRouter>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
