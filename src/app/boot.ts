/**
 * The first requests of a cold start. main.tsx imports this module before anything else, and ES
 * modules run in import order, so these requests leave before React and the screens' code have
 * been evaluated (hundreds of ms on a slow phone): the site settings the first render waits for,
 * and on home its banners, whose first image is the screen's largest paint (docs/performance.md#lighthouse-on-the-home-page).
 */
import { prefetchBanners } from '../features/home/api/get-banners.ts';
import { adoptServerTheme, initSession } from '../lib/session.ts';
import { bootSiteSettings } from '../lib/site-settings.ts';

initSession();
void bootSiteSettings((settings) => adoptServerTheme(settings.theme_switch));
if (window.location.pathname === '/') prefetchBanners();
