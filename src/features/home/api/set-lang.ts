import { api, type ApiResult } from '../../../lib/api-client.ts';

/** GET /api/index/setLang: tells the server the chosen language (saved on the account when signed in). */
export interface SetLangInput {
  lang: string;
}

export function setLang(input: SetLangInput): Promise<ApiResult<{ lang: string }>> {
  return api.get<{ lang: string }>('/index/setLang', { lang: input.lang }, { quiet: true });
}
