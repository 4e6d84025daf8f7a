import { describe, expect, it } from 'vitest';
import { MarkupScanner } from '../markup-scan.ts';
import { fixture, POLYGLOT_HTML } from './upload-support.ts';

const scan = (...chunks: (Buffer | string)[]): boolean => {
  const scanner = new MarkupScanner();
  return chunks.map((chunk) => scanner.push(Buffer.from(chunk))).some(Boolean);
};

describe('markup scan', () => {
  it('finds document and script openers in any letter case', () => {
    for (const text of [
      POLYGLOT_HTML,
      '<!DOCTYPE html>',
      '<?xml version="1.0"?>',
      '<SCRIPT>',
      '<iframe src=x>',
      '<svg/onload=1><body onload=1>',
      '<a href="JavaScript:alert(1)">',
      '<meta http-equiv=refresh>',
    ]) {
      expect(scan(Buffer.concat([fixture('photo.jpg'), Buffer.from(text)])), text).toBe(true);
    }
  });

  it('finds an opener split across two chunks', () => {
    expect(scan('\x00\x01<scr', 'ipt>alert(1)')).toBe(true);
    expect(scan('a'.repeat(70_000) + '<!doc', 'type html>')).toBe(true);
  });

  it('passes image bytes, and text that only looks like a tag', () => {
    for (const name of ['photo.jpg', 'photo.png', 'lossy.webp', 'lossless.webp', 'alpha.webp'] as const)
      expect(scan(fixture(name)), name).toBe(false);
    expect(scan('a < b, <html5 is not a tag, <scripted', 'x, <form-feed')).toBe(false);
  });

  it('passes 16 MiB of pseudo-random bytes, as compressed photo data looks', () => {
    let state = 0x2545f491;
    const chunk = Buffer.alloc(64 * 1024);
    const scanner = new MarkupScanner();
    let found = false;
    for (let i = 0; i < 256; i += 1) {
      for (let j = 0; j < chunk.length; j += 4) {
        state ^= state << 13;
        state ^= state >>> 17;
        state ^= state << 5;
        chunk.writeInt32LE(state | 0, j);
      }
      found ||= scanner.push(chunk);
    }
    expect(found).toBe(false);
  });
});
