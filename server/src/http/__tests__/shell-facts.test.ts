import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cspHash, endpointMetaTags, readShellFacts } from '../shell-facts.ts';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('readShellFacts', () => {
  it('hashes every inline script and style, and no script loaded by src', () => {
    const html = `<head>
      <script src="/a.js"></script><script type="module" crossorigin src="/b.js"></script>
      <script>one()</script><script type="module">two()</script>
      <style>body{margin:0}</style>
    </head>`;
    expect(readShellFacts(html)).toEqual({
      scriptHashes: [sha256('one()'), sha256('two()')],
      styleHashes: [sha256('body{margin:0}')],
      endpointOrigins: [],
    });
  });

  it('hashes text with Windows line ends as the browser sees it after parsing (LF)', () => {
    expect(cspHash('a();\r\nb();\rc();')).toBe(sha256('a();\nb();\nc();'));
    expect(readShellFacts('<script>\r\n  x();\r\n</script>').scriptHashes).toEqual([sha256('\n  x();\n')]);
  });

  it('reads the recorded endpoints as origins, in either quoting, and ignores a wrong scheme', () => {
    const html = `<meta name='market-ws-url' content='ws://127.0.0.1:9000/ws?a=1&amp;b=2'><meta content="https://rest.example.com:444/x" name="market-rest-url">`;
    expect(readShellFacts(html).endpointOrigins).toEqual(['ws://127.0.0.1:9000', 'https://rest.example.com:444']);
    expect(
      readShellFacts('<meta name="market-ws-url" content="https://not-a-socket.example.com">').endpointOrigins,
    ).toEqual([]);
  });
});

describe('endpointMetaTags', () => {
  it('records each market endpoint that is set, and nothing for unset ones', () => {
    expect(endpointMetaTags({})).toEqual([]);
    expect(endpointMetaTags({ VITE_MARKET_WS_URL: 'wss://f.example.com/ws', VITE_MARKET_REST_URL: '' })).toEqual([
      { name: 'market-ws-url', content: 'wss://f.example.com/ws' },
    ]);
    expect(endpointMetaTags({ VITE_MARKET_REST_URL: 'http://10.0.0.2:8080' })).toEqual([
      { name: 'market-rest-url', content: 'http://10.0.0.2:8080' },
    ]);
  });

  it('refuses a URL of the wrong kind, naming the variable', () => {
    expect(() => endpointMetaTags({ VITE_MARKET_WS_URL: 'https://f.example.com/ws' })).toThrow(
      'VITE_MARKET_WS_URL must be an absolute ws:// or wss:// URL, got "https://f.example.com/ws"',
    );
    expect(() => endpointMetaTags({ VITE_MARKET_REST_URL: '/market' })).toThrow(
      'VITE_MARKET_REST_URL must be an absolute http:// or https:// URL, got "/market"',
    );
  });
});
