import type { uploadMessagesEn } from './messages-upload-en.ts';

/** Simplified Chinese messages of image uploads. */
export const uploadMessagesZhCn: Record<keyof typeof uploadMessagesEn, string> = {
  'upload.notMultipart': '请以 multipart 表单的 "file" 字段上传图片',
  'upload.noFile': '请选择要上传的图片',
  'upload.fieldName': '图片必须放在 "file" 字段中上传',
  'upload.onlyOneFile': '请只在 "file" 字段中上传一张图片，不要附带其他内容',
  'upload.empty': '文件为空',
  'upload.tooLarge': '图片超过{mb} MB',
  'upload.type': '仅支持上传 JPEG、PNG 或 WebP 图片',
  'upload.markup': '该文件包含网页代码，不能作为图片上传',
  'upload.malformed': '图片已损坏或不完整，请换一张',
  'upload.dimensions': '图片尺寸过大：每边最多{pixels}像素',
  'upload.quota': '上传次数过多，请一小时后再试',
  'upload.failed': '上传未完成，请重试',
  'upload.ok': '上传成功',
  'upload.notFound': '文件不存在',
  'upload.notYours': '该图片不是由您的账户上传的，请重新上传',
};
