import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../locales/en.json';
import { site } from '../../../lib/site-settings.ts';
import { IntroductionPage } from '../components/IntroductionPage.tsx';
import { ok, siteSettings, stubApi } from '../../../lib/testing/api-stub.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  site.settings = null;
  delete (window as { __aboutXss?: string }).__aboutXss;
});

const entries = [
  {
    id: 1,
    title: 'About TradeDesk',
    img: '/about.png',
    content:
      '<p>We <b>trade</b>.</p><script>window.__aboutXss = "script"</script><img src="x" onerror="window.__aboutXss = \'onerror\'">',
  },
  { id: 2, title: 'Risk disclosure', img: '', content: '<p>Crypto is volatile.</p>' },
];

describe('about us', () => {
  it('lists the entries; one opens in a popup with title, image and its HTML sanitized', async () => {
    site.settings = siteSettings();
    stubApi({ '/index/getContentList': ok({ list: entries }) });
    render(<IntroductionPage />);
    const rows = await screen.findAllByTestId('about-entry');
    expect(rows.map((row) => row.textContent)).toEqual(['About TradeDesk', 'Risk disclosure']);
    fireEvent.click(rows[0]!);
    const dialog = screen.getByTestId('about-dialog');
    expect(within(dialog).getByRole('heading', { name: 'About TradeDesk' })).toBeTruthy();
    expect(dialog.querySelector('img[src="/about.png"]')).not.toBeNull();
    const content = within(dialog).getByTestId('about-content');
    expect(content.innerHTML).toContain('<b>trade</b>');
    expect(content.innerHTML).not.toContain('script');
    expect(content.innerHTML).not.toContain('onerror');
    expect((window as { __aboutXss?: string }).__aboutXss).toBeUndefined();
  });

  it('says so when there is nothing to show', async () => {
    site.settings = siteSettings();
    stubApi({ '/index/getContentList': ok({ list: [] }) });
    render(<IntroductionPage />);
    expect((await screen.findByTestId('list-status')).textContent).toBe(en.common.noRecords);
  });

  it('is closed while introduce_switch is off', () => {
    site.settings = siteSettings({ introduce_switch: 0 });
    stubApi({ '/index/getContentList': ok({ list: entries }) });
    render(<IntroductionPage />);
    expect(screen.getByTestId('about-status').textContent).toContain(en.profile.about.closed);
    expect(screen.queryByTestId('about-entry')).toBeNull();
  });
});
