import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { ChangeText } from '../ChangeText.tsx';

afterEach(() => {
  session.lang = 'en';
});

describe('ChangeText', () => {
  it('reads +0.30% beside the prices in every language', () => {
    for (const lang of ['en', 'vi', 'de', 'ar', 'zh-cn']) {
      session.lang = lang;
      const { unmount } = render(
        <>
          <ChangeText change="0.3" />
          <ChangeText change="-12.345" />
        </>,
      );
      // Vietnamese would read +0,30%, German +0,30 %, beside prices written 65755.05.
      expect(
        screen.getAllByTestId('change').map((change) => change.textContent),
        lang,
      ).toEqual(['▲ +0.30%', '▼ -12.35%']);
      unmount();
    }
  });
});
