import { useEffect } from 'react';
import { PRODUCT_NAME } from '@clearspeak/contract';

/** The tab title follows the page: what screen readers announce and what history lists. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);
}
