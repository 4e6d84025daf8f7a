/** English messages of sessions, the sign-in history, the anti-phishing code and the security notices (merged into messages-en.ts). */
export const securitySessionsMessagesEn = {
  'auth.ended': 'This session was ended from your account, please log in again',
  'session.idInvalid': 'This session does not exist or has already ended',
  'session.revoked': 'Session ended',
  'session.othersRevoked': 'Other sessions ended: {count}',
  'antiPhishing.codeRequired': 'Please enter an anti-phishing code',
  'antiPhishing.codeInvalid': 'The anti-phishing code must be 4 to 20 letters or digits',
  'antiPhishing.saved': 'Anti-phishing code saved',
  'antiPhishing.mailLine': 'Your anti-phishing code: {code}',
  'securityNotice.footer': 'If this was not you, change your login password at once and contact customer service.',
  'securityNotice.unknownDevice': 'an unknown device',
  'securityNotice.deviceOn': '{browser} on {os}',
  'securityNotice.allFactorsByOperator': 'all of them, by customer service at your request',
  'securityNotice.newDeviceSignIn.title': 'New sign-in to your account',
  'securityNotice.newDeviceSignIn.body':
    'Your account was signed in from a new device: {device}, IP {ip}, at {time} (UTC).',
  'securityNotice.loginPasswordChanged.title': 'Login password changed',
  'securityNotice.loginPasswordChanged.body':
    'The login password of your account was changed at {time} (UTC). Every device was signed out.',
  'securityNotice.payPasswordChanged.title': 'Transaction password changed',
  'securityNotice.payPasswordChanged.body':
    'The transaction password of your account was set or changed at {time} (UTC).',
  'securityNotice.factorAdded.title': 'Second factor added',
  'securityNotice.factorAdded.body': 'A second factor was added to your account at {time} (UTC): {factor}.',
  'securityNotice.factorRemoved.title': 'Second factor removed',
  'securityNotice.factorRemoved.body': 'A second factor was removed from your account at {time} (UTC): {factor}.',
  'securityNotice.allowlistChanged.title': 'Withdrawal allow-list changed',
  'securityNotice.allowlistChanged.body': 'Your withdrawal allow-list was changed at {time} (UTC).',
  'securityNotice.withdrawAddressAdded.title': 'Withdrawal address bound',
  'securityNotice.withdrawAddressAdded.body':
    'A {coin} withdrawal address was bound to your account at {time} (UTC): {address}.',
  'securityNotice.bankCardAdded.title': 'Bank card bound',
  'securityNotice.bankCardAdded.body': 'A bank card ending in {card} was bound to your account at {time} (UTC).',
} as const;
