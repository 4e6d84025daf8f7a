import { describe, expect, it } from 'vitest';
import { appDownloadUrl, isAppleMobile } from '../api/app-download.ts';

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  ipadDesktopMode:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
  android:
    'Mozilla/5.0 (Linux; Android 12; Pixel 5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
};
const both = { ios_url: 'https://apps.example/ios', android_url: 'https://apps.example/android' };

describe('isAppleMobile', () => {
  it('knows iPhones, and iPads asking for the desktop site by their touch points', () => {
    expect(isAppleMobile(UA.iphone)).toBe(true);
    expect(isAppleMobile(UA.ipadDesktopMode, 5)).toBe(true);
    expect(isAppleMobile(UA.ipadDesktopMode, 0)).toBe(false);
    expect(isAppleMobile(UA.android, 5)).toBe(false);
  });
});

describe('appDownloadUrl', () => {
  it('gives ios_url to Apple mobile devices and android_url to every other device', () => {
    expect(appDownloadUrl(both, UA.iphone)).toBe(both.ios_url);
    expect(appDownloadUrl(both, UA.ipadDesktopMode, 5)).toBe(both.ios_url);
    expect(appDownloadUrl(both, UA.android)).toBe(both.android_url);
    expect(appDownloadUrl(both, UA.windows)).toBe(both.android_url);
  });

  it('falls back to whichever link exists', () => {
    expect(appDownloadUrl({ ios_url: '', android_url: both.android_url }, UA.iphone)).toBe(both.android_url);
    expect(appDownloadUrl({ ios_url: both.ios_url }, UA.android)).toBe(both.ios_url);
  });

  it('is null when neither is configured (blank counts as not configured)', () => {
    expect(appDownloadUrl({ ios_url: '', android_url: '  ' }, UA.iphone)).toBeNull();
    expect(appDownloadUrl({}, UA.android)).toBeNull();
    expect(appDownloadUrl(null, UA.android)).toBeNull();
  });
});
