/** English messages of approvals: a second step bound to one operation (merged into messages-en.ts). */
export const approvalMessagesEn = {
  'approval.required': 'Please confirm with your second step',
  'approval.proofRequired': 'Please enter the code from your authenticator app, a recovery code or use your passkey',
  'approval.unknown': 'This confirmation is unknown, please confirm again',
  'approval.used': 'This confirmation was already used, please confirm again',
  'approval.expired': 'This confirmation has expired, please confirm again',
  'approval.otherOperation': 'This confirmation was for another operation, please confirm again',
  'approval.otherFields': 'The details changed after you confirmed, please confirm again',
  'approval.passkeysUnavailable': 'Passkeys are not available, please use your authenticator code',
  'approval.passkeyRefused': 'The passkey was not accepted, please try again',
  'approval.factorNeeded': 'Please turn on a second factor (authenticator app or passkey) first',
  'approval.operationInvalid': 'Unknown operation',
} as const;
