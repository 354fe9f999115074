import { Link } from 'react-router';
import { t } from '../../domain/messages';

export default function NotFoundPage() {
  return (
    <section className="not-found">
      <h1>{t('common.notFound')}</h1>
      <p>{t('public.notFoundText')}</p>
      <Link to="/" className="button">
        {t('public.backToHome')}
      </Link>
    </section>
  );
}
