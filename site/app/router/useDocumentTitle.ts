// Each /app page names itself in the browser's tab and history ("People · Talentloop"),
// and what is open on it, first: the candidate, thread or campaign ("Anna de Vries ·
// People · Talentloop"). The page's title is set by its h1 (PageHeader, NotFoundPage,
// AccessDenied), so the title and the heading cannot disagree; the open item's by the
// drawer or view that shows it. One writer, so the two never overwrite each other.
import { useEffect } from 'react';

export const PRODUCT_NAME = 'Talentloop';

export function documentTitle(pageTitle: string, openItem?: string | null): string {
  return [openItem, pageTitle, PRODUCT_NAME].filter(Boolean).join(' · ');
}

const shown: { page: string; item: string | null } = { page: '', item: null };
const write = () => { document.title = documentTitle(shown.page, shown.item); };

export function useDocumentTitle(pageTitle: string): void {
  useEffect(() => {
    shown.page = pageTitle;
    write();
    // Leaving the page: the product's name until the next page names itself.
    return () => { shown.page = ''; write(); };
  }, [pageTitle]);
}

/** The candidate, thread or campaign open on the page; null while none is (or it has not loaded). */
export function useOpenItemTitle(name: string | null | undefined): void {
  useEffect(() => {
    if (!name) return;
    shown.item = name;
    write();
    return () => { shown.item = null; write(); };
  }, [name]);
}
