// Each /app page names itself in the browser's tab and history ("People · Talentloop").
// Called by the page's h1 (PageHeader, NotFoundPage, AccessDenied), so the title and
// the heading cannot disagree.
import { useEffect } from 'react';

export const PRODUCT_NAME = 'Talentloop';

export function documentTitle(pageTitle: string): string {
  return `${pageTitle} · ${PRODUCT_NAME}`;
}

export function useDocumentTitle(pageTitle: string): void {
  useEffect(() => {
    document.title = documentTitle(pageTitle);
    // Leaving the page: the product's name until the next page names itself.
    return () => { document.title = PRODUCT_NAME; };
  }, [pageTitle]);
}
