// Screen 13: the approved suggestions, each with its author and text, and a button to send one.
import { Link } from '../router';
import { paths } from '../../api';
import { publicPaths } from '../../domain/paths/publicPaths';
import type { ApprovedSuggestion } from '../../domain/types';
import { ErrorMessage, Loading } from '../components/Status';
import { useIdentity } from '../identity';
import { useApi } from '../useApi';
import { ui, pt } from '../text';
import '../pages.css';

export default function ApprovedPage() {
  const { words } = useIdentity();
  const list = useApi<ApprovedSuggestion[]>(paths.approvedSuggestions());
  return (
    <section aria-labelledby="approved-heading">
      <div className="page-head">
        <h1 id="approved-heading">{words.approvedHeading}</h1>
        <Link to={publicPaths.suggest.href()} className="button">
          {ui['approved.yourSuggestion']}
        </Link>
      </div>
      <p>{pt['public.approvedIntro']}</p>
      {list.state === 'loading' && <Loading />}
      {list.state === 'error' && <ErrorMessage text={pt['public.loadError']} onRetry={list.reload} />}
      {list.state === 'done' &&
        (list.data.length === 0 ? (
          <p className="message">{ui['approved.none']}</p>
        ) : (
          <ul className="suggestion-list">
            {list.data.map((s) => (
              <li key={s._id} className="card suggestion">
                <p className="suggestion-text">{s.text}</p>
                <p className="suggestion-author">
                  <span className="label">{ui['suggestion.submittedBy']}: </span>
                  {s.name}
                </p>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
