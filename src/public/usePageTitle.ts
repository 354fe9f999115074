// The tab's title of a screen reached inside the site (the server names it in the page it sends; a screen opened from
// a link of another one keeps the previous title otherwise): «{page} | {site}», as src/domain/text/pageHead.ts writes it.
import { useEffect } from 'react';
import { fill } from '../domain/messages/fill';
import { sharePreviewsText } from '../domain/messages/sharePreviews';
import { useIdentity } from './identity';

export function usePageTitle(page: string | null): void {
  const { siteTitle } = useIdentity().words;
  useEffect(() => {
    if (!page) return;
    const before = document.title;
    document.title = fill(sharePreviewsText['share.pageTitle'], { page, site: siteTitle });
    return () => {
      document.title = before;
    };
  }, [page, siteTitle]);
}
