/** English messages of passkeys (merged into messages-en.ts). */
export const passkeyMessagesEn = {
  'passkey.responseRequired': 'The passkey did not answer, please try again',
  'passkey.invalid': 'The passkey could not be verified or the request expired, please try again',
  'passkey.unknown': 'This passkey is not registered with any account here',
  'passkey.duplicate': 'This passkey has already been added',
  'passkey.nameRequired': 'Please enter a name for the passkey',
  'passkey.nameInvalid': 'The name may have at most {max} characters',
  'passkey.notFound': 'This passkey does not exist',
  'passkey.defaultName': 'Passkey',
  'passkey.added': 'Passkey added',
  'passkey.renamed': 'Passkey renamed',
  'passkey.removed': 'Passkey removed',
} as const;
