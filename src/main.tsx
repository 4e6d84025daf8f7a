// First: it sends the first screen's requests before the rest of the code is evaluated.
import './app/boot.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { renderWhenReady } from './app/first-render.ts';
import { initI18n } from './app/i18n.ts';
import { PageSkeleton } from './app/pages/PageSkeleton.tsx';
import { preloadRoutePage } from './app/routes.tsx';
import { initNoticeMarks } from './features/notices/stores/notices-store.ts';
import { session } from './lib/session.ts';
import { siteSettingsBooted } from './lib/site-settings.ts';
import { showPendingFlashToast } from './lib/toast.ts';
import { initUpColour } from './lib/up-colour.ts';
import { initWatchlist } from './lib/watchlist.ts';
import './app/global.css';

initNoticeMarks();
initUpColour();
initWatchlist();
const languageReady = initI18n(session.lang);
const pageReady = preloadRoutePage(window.location.pathname);
showPendingFlashToast();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
renderWhenReady(
  createRoot(root),
  <StrictMode>
    <App />
  </StrictMode>,
  <PageSkeleton />,
  [siteSettingsBooted(), languageReady, pageReady],
);
