import type { TFunction } from 'i18next';

/** A device as the user reads it: "Chrome 140 on Android 14" with "on" in their language, or "Unknown device". */
export function deviceLabel(t: TFunction, item: { device: string; browser: string; os: string }): string {
  if (item.browser && item.os) return t('security.deviceOn', { browser: item.browser, os: item.os });
  return item.browser || item.os || item.device || t('security.unknownDevice');
}
