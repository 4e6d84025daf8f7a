import { Fragment, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import { useTranslation } from 'react-i18next';
import { ListStatus } from '../../../components/ui/ListStatus.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import type { ApiResult } from '../../../lib/api-client.ts';
import { isOff, useSiteSettings, type SwitchName } from '../../../lib/site-settings.ts';
import { goBack } from '../../../lib/navigation.ts';
import { useListTexts } from '../../../lib/use-list-texts.ts';
import { useLoaded } from '../../../lib/use-loaded.ts';
import { offeredProduct } from '../api/offered-product.ts';
import { ClosedNotice } from '../../../components/ui/ClosedNotice.tsx';
import { ProductGone } from './ProductGone.tsx';
import styles from './earn.module.css';

export interface ApplicationShellProps<P extends { id: number }> {
  title: string;
  backLabel: string;
  /** The product list the page belongs to: back goes there, and a product no longer offered links to it. */
  listPath: string;
  /** The site switch of the service (closed: the server refuses every product). */
  service: SwitchName;
  /** Reads the product of ?id=; the server answers a list of one. */
  read(id: number): Promise<ApiResult<{ list: P[] }>>;
  /** Heights of the skeleton blocks, shaped like the form. */
  skeleton: readonly number[];
  /** The form for the product; keyed by its id, so another product starts a fresh form. */
  form(product: P): ReactNode;
}

/**
 * An earn application page (/loans-application, /lockming-application ?id=): the product's form, or
 * what stands in its place: the service's closed notice, skeletons while it loads, a product no
 * longer offered, or a failed load with retry.
 */
export function ApplicationShell<P extends { id: number }>({
  title,
  backLabel,
  listPath,
  service,
  read,
  skeleton,
  form,
}: ApplicationShellProps<P>) {
  const { t } = useTranslation();
  const texts = useListTexts();
  const id = Number(new URLSearchParams(useSearch()).get('id'));
  const closed = isOff(useSiteSettings(), service);
  const product = useLoaded(
    () => offeredProduct(read(id)),
    [id, closed],
    (data) => data.list.length === 0,
  );
  const loaded = product.data?.list[0];
  return (
    <div className={[styles.page, styles.formPage].join(' ')}>
      <PageHeader title={title} backLabel={backLabel} onBack={() => goBack(listPath)} />
      {closed ? (
        <ClosedNotice message={t('earn.closed')} />
      ) : loaded ? (
        <Fragment key={loaded.id}>{form(loaded)}</Fragment>
      ) : product.state === 'loading' ? (
        <div className={styles.content}>
          {skeleton.map((height, index) => (
            <Skeleton key={index} height={height} />
          ))}
        </div>
      ) : product.state === 'empty' ? (
        <ProductGone listPath={listPath} />
      ) : (
        <ListStatus state={product.state} texts={texts} onRetry={product.reload} />
      )}
    </div>
  );
}
