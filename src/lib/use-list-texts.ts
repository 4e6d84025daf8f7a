import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The docs/product-rules.md#calls-and-answers list texts every ListStatus shows (loading, end of list, no records, failed, retry), in the current language. */
export function useListTexts(): {
  loading: string;
  end: string;
  empty: string;
  failed: string;
  retry: string;
  more: string;
} {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      loading: t('common.loading'),
      end: t('common.noMore'),
      empty: t('common.noRecords'),
      failed: t('common.failedToLoad'),
      retry: t('common.retry'),
      more: t('common.loadMore'),
    }),
    [t],
  );
}
