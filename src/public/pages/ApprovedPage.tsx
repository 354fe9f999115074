// Screen 13: the approved suggestions, each with its author and text, and a button to send one.
import { Link } from 'react-router';
import { paths } from '../../api';
import { t } from '../../domain/messages';
import type { ApprovedSuggestion } from '../../domain/types';
import { ErrorMessage, Loading } from '../components/Status';
import { useApi } from '../useApi';

export default function ApprovedPage() {
  const list = useApi<ApprovedSuggestion[]>(paths.approvedSuggestions());
  return (
    <section aria-labelledby="approved-heading">
      <div className="page-head">
        <h1 id="approved-heading">{t('approved.heading')}</h1>
        <Link to="/suggest" className="button">
          {t('approved.yourSuggestion')}
        </Link>
      </div>
      <p>{t('public.approvedIntro')}</p>
      {list.state === 'loading' && <Loading />}
      {list.state === 'error' && <ErrorMessage text={t('public.loadError')} onRetry={list.reload} />}
      {list.state === 'done' &&
        (list.data.length === 0 ? (
          <p className="message">{t('approved.none')}</p>
        ) : (
          <ul className="suggestion-list">
            {list.data.map((s) => (
              <li key={s._id} className="card suggestion">
                <p className="suggestion-text">{s.text}</p>
                <p className="suggestion-author">
                  <span className="label">{t('suggestion.submittedBy')}: </span>
                  {s.name}
                </p>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
