import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey authenticator for server tests: it answers the server's WebAuthn options the
 * way a browser and a platform authenticator would, with a real ES256 key pair, 'none' attestation
 * and the credential public key CBOR-encoded as COSE. So the server's checks run on real
 * signatures, and a test can also spoil one part of an answer to see it refused.
 */

/** The options fields an answer needs (from passkeyRegisterOptions / passkeySignInOptions). */
export interface CeremonyOptions {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
  user?: { id: string };
}

const b64url = (bytes: Uint8Array | Buffer | string): string => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | Buffer | string): Buffer => createHash('sha256').update(bytes).digest();

/** Authenticator data flags: user present, user verified, attested credential data included. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private counter = 0;
  /** The user handle the server gave when this passkey was created (answered back on sign-in). */
  private userHandle: string | null = null;

  constructor(
    /** The origin the "browser" is on; the server expects its own. */
    readonly origin = 'http://localhost',
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.publicJwk = { x: jwk.x!, y: jwk.y! };
  }

  /** The base64url id the server stores. */
  get id(): string {
    return b64url(this.credentialId);
  }

  /** The COSE_Key of the public key (EC2, ES256, P-256), CBOR-encoded. */
  private cosePublicKey(): Uint8Array {
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(this.publicJwk.x, 'base64url')],
        [-3, Buffer.from(this.publicJwk.y, 'base64url')],
      ]),
    );
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The RegistrationResponseJSON (as JSON text) of creating this passkey for `options`. */
  register(options: CeremonyOptions, spoil: { origin?: string; rpId?: string; flags?: number } = {}): string {
    const rpId = spoil.rpId ?? options.rp?.id ?? 'localhost';
    this.userHandle = options.user?.id ?? null;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([spoil.flags ?? UP | UV | AT]),
      counterBytes(this.counter),
      Buffer.alloc(16), // aaguid: none
      idLength,
      this.credentialId,
      Buffer.from(this.cosePublicKey()),
    ]);
    const noStatement = new Map<string, never>();
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, never> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', noStatement],
        ['authData', authData],
      ]),
    );
    return JSON.stringify({
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, spoil.origin ?? this.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    });
  }

  /** The AuthenticationResponseJSON (as JSON text) of signing in with this passkey for `options`. */
  assert(options: CeremonyOptions, spoil: { origin?: string; challenge?: string; signWith?: KeyObject } = {}): string {
    const rpId = options.rpId ?? 'localhost';
    this.counter += 1;
    const authData = Buffer.concat([sha256(rpId), Buffer.from([UP | UV]), counterBytes(this.counter)]);
    const clientData = this.clientData(
      'webauthn.get',
      spoil.challenge ?? options.challenge,
      spoil.origin ?? this.origin,
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), spoil.signWith ?? this.privateKey);
    return JSON.stringify({
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    });
  }
}
