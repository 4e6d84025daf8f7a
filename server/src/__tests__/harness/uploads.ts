import { expect } from 'vitest';
import { fileForm, fixture } from '../../uploads/__tests__/upload-support.ts';
import type { ApiClient } from './api.ts';

/** Uploads the fixture JPEG through the upload call as the token's user; returns what it answered. */
export async function uploadPhoto(
  client: ApiClient,
  token: string,
  filename = 'photo.jpg',
): Promise<{ url: string; fullurl: string }> {
  const { payload, headers } = fileForm(fixture('photo.jpg'), filename, 'image/jpeg');
  const answer = await client.send<{ url: string; fullurl: string }>('api/common/upload', payload, {
    ...headers,
    token,
  });
  expect(answer.code, answer.msg).toBe(1);
  return answer.data;
}
