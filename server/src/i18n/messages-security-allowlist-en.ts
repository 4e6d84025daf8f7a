/** English messages of the security holds and the withdrawal allow-list (merged into messages-en.ts). */
export const allowlistMessagesEn = {
  'security.hold.login_password_changed':
    'Withdrawals and transfers are paused for {hours} h {minutes} min because your login password was changed',
  'security.hold.pay_password_changed':
    'Withdrawals and transfers are paused for {hours} h {minutes} min because your transaction password was changed',
  'security.hold.factor_added':
    'Withdrawals and transfers are paused for {hours} h {minutes} min because a sign-in method was added',
  'security.hold.factor_removed':
    'Withdrawals and transfers are paused for {hours} h {minutes} min because a sign-in method was removed',
  'allowlist.switchInvalid': 'Please choose on or off',
  'allowlist.typeInvalid': 'Please choose an address or a bank card',
  'allowlist.destinationUnknown': 'This address or bank card is not bound to your account',
  'allowlist.alreadyOff': 'The allow-list is already off',
  'allowlist.notListed':
    'Your withdrawal allow-list is on and this address or card is not on it. Add it in Security > Withdrawal allow-list',
  'allowlist.notYetUsable': 'This address or card can receive withdrawals in {hours} h {minutes} min',
  'allowlist.turnedOn': 'Allow-list turned on',
  'allowlist.offRequested': 'The allow-list will turn off after the security wait',
  'allowlist.turnedOff': 'Allow-list turned off',
  'allowlist.added': 'Added to the allow-list',
  'allowlist.removed': 'Removed from the allow-list',
} as const;
