import { render, screen } from '@testing-library/react';
import { theme as antdTheme, Button, Empty } from 'antd';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n';
import { AntdProvider, loadAntdLocale, useAntdLocale } from './antd';

// Empty's picture repeats the text in its SVG title; the text shown is what counts.
const shown = { ignore: 'title, script, style' };

describe("Ant Design's locale (loaded with the shell, not with /login)", () => {
  it('follows the chosen language, switched together with the catalogue', async () => {
    await loadAntdLocale();
    render(
      <AntdProvider>
        <Empty />
      </AntdProvider>,
    );
    expect(screen.getByText('No data', shown)).toBeInTheDocument();
    await act(() => setLanguage('ja'));
    expect(await screen.findByText('データがありません', shown)).toBeInTheDocument();
    await act(() => setLanguage('ko'));
    expect(await screen.findByText('데이터 없음', shown)).toBeInTheDocument();
    await act(() => setLanguage('tw'));
    expect(await screen.findByText('暫無資料', shown)).toBeInTheDocument();
    expect(useAntdLocale.getState().locale.locale).toBe('zh-tw');
  });
});

describe("Ant Design's buttons", () => {
  it('show a two-character CJK label as written, so that a name holding it still does (WCAG 2.5.3, issue 31)', () => {
    render(
      <AntdProvider>
        <Button aria-label="詳細: 1SmallMid">詳細</Button>
      </AntdProvider>,
    );
    // Ant Design would draw '詳 細', which the name '詳細: …' does not contain (axe label-content-name-mismatch).
    expect(screen.getByRole('button', { name: '詳細: 1SmallMid' })).toHaveTextContent(/^詳細$/);
  });
});

/** What the theme's motion comes to where a component reads it. */
function Probe() {
  const { token } = antdTheme.useToken();
  return <output>{`${token.motion} ${token.motionDurationMid}`}</output>;
}

describe("Ant Design's motion", () => {
  const asking = (reduce: boolean) => (query: string) =>
    ({
      matches: reduce && query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }) as unknown as MediaQueryList;

  /** The motion the provider gives while the system does (or does not) ask for reduced motion. */
  function motionWhen(reduce: boolean): string {
    const matchMedia = window.matchMedia;
    window.matchMedia = asking(reduce);
    try {
      render(
        <AntdProvider>
          <Probe />
        </AntdProvider>,
      );
      return screen.getByRole('status').textContent ?? '';
    } finally {
      window.matchMedia = matchMedia;
    }
  }

  it('is off for someone whose system asks for reduced motion, so a change shows at once in its final colours', () => {
    expect(motionWhen(true)).toBe('false 0s');
  });

  it('stays on otherwise', () => {
    expect(motionWhen(false)).toBe('true 0.2s');
  });
});
