import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { initI18n } from './app/i18n.ts';
import { preloadRoutePage } from './app/routes.tsx';
import { prefetchBanners } from './features/home/api/get-banners.ts';
import { initNoticeMarks } from './features/notices/stores/notices-store.ts';
import { adoptServerTheme, initSession, session } from './lib/session.ts';
import { bootSiteSettings } from './lib/site-settings.ts';
import { showPendingFlashToast } from './lib/toast.ts';
import { initUpColour } from './lib/up-colour.ts';
import './app/global.css';

initSession();
initNoticeMarks();
initUpColour();
// The first screen's requests leave together: settings, the page's code (home is in this bundle) and,
// on home, its banners, whose first image is the screen's largest paint.
void bootSiteSettings((settings) => adoptServerTheme(settings.theme_switch));
if (window.location.pathname === '/') prefetchBanners();
void initI18n(session.lang);
preloadRoutePage(window.location.pathname);
showPendingFlashToast();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
