/** The declared shapes of the WebAuthn options the server hands the browser (@simplewebauthn/browser takes them as they are). */
import Type from 'typebox';

const Transports = Type.Array(Type.String());
const CredentialDescriptor = Type.Object({
  id: Type.String({ description: 'base64url credential id' }),
  type: Type.String({ examples: ['public-key'] }),
  transports: Type.Optional(Transports),
});

/** PublicKeyCredentialCreationOptionsJSON, as @simplewebauthn/browser's startRegistration takes it. */
export const PasskeyCreationOptions = Type.Object({
  challenge: Type.String(),
  rp: Type.Object({ name: Type.String(), id: Type.Optional(Type.String()) }),
  user: Type.Object({ id: Type.String(), name: Type.String(), displayName: Type.String() }),
  pubKeyCredParams: Type.Array(Type.Object({ alg: Type.Integer(), type: Type.String() })),
  timeout: Type.Optional(Type.Integer()),
  attestation: Type.Optional(Type.String()),
  excludeCredentials: Type.Optional(Type.Array(CredentialDescriptor)),
  authenticatorSelection: Type.Optional(
    Type.Object({
      residentKey: Type.Optional(Type.String()),
      userVerification: Type.Optional(Type.String()),
      requireResidentKey: Type.Optional(Type.Boolean()),
      authenticatorAttachment: Type.Optional(Type.String()),
    }),
  ),
  extensions: Type.Optional(Type.Object({ credProps: Type.Optional(Type.Boolean()) })),
  hints: Type.Optional(Type.Array(Type.String())),
});

/** PublicKeyCredentialRequestOptionsJSON, as @simplewebauthn/browser's startAuthentication takes it. */
export const PasskeyRequestOptions = Type.Object({
  challenge: Type.String(),
  rpId: Type.Optional(Type.String()),
  allowCredentials: Type.Optional(Type.Array(CredentialDescriptor)),
  timeout: Type.Optional(Type.Integer()),
  userVerification: Type.Optional(Type.String()),
  extensions: Type.Optional(Type.Object({})),
  hints: Type.Optional(Type.Array(Type.String())),
});
