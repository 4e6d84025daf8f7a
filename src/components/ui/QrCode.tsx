import { useMemo } from 'react';
import QRCode from 'qrcode';

/** The QR's side in CSS pixels (docs/product-rules.md#invite: 172×172; the authenticator set-up uses it too). */
export const QR_SIZE = 172;
/** Quiet zone around the code, in modules. */
export const QR_MARGIN = 2;

/** The dark modules of a QR matrix as one SVG path, a 1×1 square each. */
export function modulesPath(
  modules: { size: number; get(row: number, col: number): number | boolean },
  margin: number,
): string {
  let path = '';
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) path += `M${col + margin} ${row + margin}h1v1h-1z`;
    }
  }
  return path;
}

/**
 * `text` as a 172×172 QR code (error correction M), drawn as an inline SVG from the `qrcode`
 * package's matrix: sharp at any pixel ratio, no canvas, no data URL, dark on white whatever the theme.
 * Only the lazy screens that show one import it (invite, authenticator set-up), so `qrcode` stays
 * out of the first download.
 */
export function QrCode({ text, label, testId }: { text: string; label: string; testId: string }) {
  const { path, side } = useMemo(() => {
    const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
    return { path: modulesPath(qr.modules, QR_MARGIN), side: qr.modules.size + QR_MARGIN * 2 };
  }, [text]);
  return (
    <svg
      width={QR_SIZE}
      height={QR_SIZE}
      viewBox={`0 0 ${side} ${side}`}
      shapeRendering="crispEdges"
      role="img"
      aria-label={label}
      data-testid={testId}
    >
      <rect width={side} height={side} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
