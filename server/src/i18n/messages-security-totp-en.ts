/** English messages of the authenticator-code factor (merged into messages-en.ts). */
export const totpMessagesEn = {
  'totp.required': 'Please enter the 6-digit code from your authenticator app',
  'totp.wrong': 'The authenticator code is wrong ({left} attempts left)',
  'totp.reused': 'This code was already used, please wait for the next one',
  'totp.locked': 'Too many wrong codes, please try again in {minutes} min',
  'totp.notEnabled': 'Authenticator codes are not turned on',
  'totp.alreadyEnabled': 'Authenticator codes are already turned on',
  'totp.recoveryWrong': 'This recovery code is wrong or was already used ({left} attempts left)',
  'totp.recoveryRequired': 'Please enter one of your recovery codes',
  'totp.enabled': 'Authenticator codes are on',
  'totp.disabled': 'Authenticator codes are off',
  'totp.setupFirst': 'Please start setting up authenticator codes first',
  // The sign-in second step (login-routes.ts) that authenticator codes and passkeys finish.
  'login.secondStep': 'One more step: confirm it is you to finish logging in',
  'login.ticketInvalid': 'This login has expired or was already finished, please log in again',
} as const;
