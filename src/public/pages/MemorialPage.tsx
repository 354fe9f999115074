// The memorial page: short, well-known texts with their sources, nothing more.
import { t } from '../../domain/messages';

export default function MemorialPage() {
  return (
    <section className="memorial" aria-labelledby="memorial-page-heading">
      <h1 id="memorial-page-heading">{t('public.memorialHeading')}</h1>
      <figure className="verse">
        <blockquote>
          <p>{t('public.memorialVerse1')}</p>
        </blockquote>
        <figcaption>{t('public.memorialSource1')}</figcaption>
      </figure>
      <figure className="verse">
        <blockquote>
          <p>{t('public.memorialVerse2')}</p>
        </blockquote>
        <figcaption>{t('public.memorialSource2')}</figcaption>
      </figure>
      <p>{t('public.memorialText')}</p>
    </section>
  );
}
