/** English messages of image uploads (merged into messages-en.ts). */
export const uploadMessagesEn = {
  'upload.notMultipart': 'Please send the image as a multipart form in the field "file"',
  'upload.noFile': 'Please choose an image to upload',
  'upload.fieldName': 'The image must be sent in the field "file"',
  'upload.onlyOneFile': 'Send exactly one image in the field "file", and nothing else',
  'upload.empty': 'The file is empty',
  'upload.tooLarge': 'The image is larger than {mb} MB',
  'upload.type': 'Only JPEG, PNG or WebP images can be uploaded',
  'upload.markup': 'This file contains web page code and cannot be accepted as an image',
  'upload.malformed': 'The image is damaged or incomplete, please choose another one',
  'upload.dimensions': 'The image is too large: at most {pixels} pixels on each side',
  'upload.quota': 'Too many uploads, please try again in an hour',
  'upload.failed': 'The upload did not complete, please try again',
  'upload.ok': 'Upload successful',
  'upload.notFound': 'This file does not exist',
  'upload.notYours': 'This image was not uploaded from your account, please upload it again',
} as const;
