import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayloadEncoding } from '../../shared/api/types.ts';

// The XML and CMS engines weigh a few hundred KB: loaded the first time an invoice is opened, not at start.
const InvoiceContentView = lazy(() => import('./invoice-content.tsx'));

export function InvoiceView(props: { payload: string; encoding: PayloadEncoding }) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Loader size="sm" role="status" aria-label={t('invoice.loading')} />}>
      <InvoiceContentView {...props} />
    </Suspense>
  );
}
