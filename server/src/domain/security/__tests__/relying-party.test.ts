import { describe, expect, it } from 'vitest';
import { deviceName, relyingParty } from '../passkeys.ts';

const unset = { rpId: '', origin: '', rpName: 'Exchange' };

describe('the relying party of a passkey ceremony', () => {
  it('is the host the request was sent to, without its port, and its origin, when the settings are empty', () => {
    expect(relyingParty(unset, { protocol: 'http', host: 'localhost:8080', headers: {} })).toEqual({
      rpId: 'localhost',
      origin: 'http://localhost:8080',
      rpName: 'Exchange',
    });
    // A default port is not part of an origin, as the browser writes it.
    expect(relyingParty(unset, { protocol: 'https', host: 'app.example.com:443', headers: {} }).origin).toBe(
      'https://app.example.com',
    );
  });

  it("takes the browser's Origin header only when it names the request's own host", () => {
    const place = { protocol: 'http', host: 'app.example.com' };
    expect(relyingParty(unset, { ...place, headers: { origin: 'https://app.example.com' } }).origin).toBe(
      'https://app.example.com',
    );
    expect(relyingParty(unset, { ...place, headers: { origin: 'https://phish.example' } }).origin).toBe(
      'http://app.example.com',
    );
    expect(relyingParty(unset, { ...place, headers: { origin: 'null' } }).origin).toBe('http://app.example.com');
  });

  it('is WEBAUTHN_RP_ID and WEBAUTHN_ORIGIN when they are set, whatever the request says', () => {
    const config = { rpId: 'example.com', origin: 'https://app.example.com', rpName: 'Example' };
    expect(
      relyingParty(config, { protocol: 'http', host: '10.0.0.5:8080', headers: { origin: 'http://10.0.0.5:8080' } }),
    ).toEqual({ rpId: 'example.com', origin: 'https://app.example.com', rpName: 'Example' });
  });
});

describe('the name of a passkey added without one', () => {
  it('is the browser and system it was added on, or nothing to go by', () => {
    expect(
      deviceName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Mobile Safari · iOS');
    expect(deviceName(undefined)).toBeNull();
  });
});
