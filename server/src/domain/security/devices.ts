import { UAParser } from 'ua-parser-js';

/** A user agent as the sessions list and the sign-in history show it. */
export interface DeviceText {
  /** "Chrome 140" ('' when the agent names no browser). */
  browser: string;
  /** "Android 14", "iPhone, iOS 17.5" ('' when it names no system). */
  os: string;
  /** Both: "Chrome 140 on Android 14" (either alone when the other is unknown, '' for neither). */
  device: string;
  /** The same without versions ("Chrome|Android|Google Pixel 8"): a browser update is not a new device. */
  key: string;
}

/** Reads a User-Agent header with ua-parser-js; an agent it cannot read gives empty texts. */
export function describeUserAgent(userAgent: string): DeviceText {
  const { browser, os, device } = new UAParser(userAgent).getResult();
  const browserText = [browser.name, browser.major].filter(Boolean).join(' ');
  const systemText = [os.name, os.version].filter(Boolean).join(' ');
  // A model the system name does not already say ("iPhone" on iOS, "Pixel 8" on Android).
  const model = device.model && !systemText.includes(device.model) ? device.model : '';
  const osText = [model, systemText].filter(Boolean).join(', ');
  const deviceText = browserText && osText ? `${browserText} on ${osText}` : browserText || osText;
  const key = [browser.name ?? '', os.name ?? '', [device.vendor, device.model].filter(Boolean).join(' ')].join('|');
  return { browser: browserText, os: osText, device: deviceText, key: key === '||' ? '' : key };
}
