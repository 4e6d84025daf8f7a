import { api, type ApiResult } from '../../../lib/api-client.ts';

/** A language of GET /api/index/getLangList (docs/product-rules.md#languages-and-themes). */
export interface Language {
  language_name: string;
  file_name: string;
  is_default: number;
}

export interface LangListOutput {
  list: Language[];
}

export function getLangList(): Promise<ApiResult<LangListOutput>> {
  return api.get<LangListOutput>('/index/getLangList', undefined, { quiet: true });
}
