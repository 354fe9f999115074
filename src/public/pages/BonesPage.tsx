// Screen 3: the bone sections (first stage 294-298 and second stage), status unavailable, search by name.
import { useMemo, useState } from 'react';
import { paths } from '../../api';
import type { Grave } from '../../domain/types';
import { GraveCard } from '../components/GraveCard';
import { SearchBox } from '../components/SearchBox';
import { ErrorMessage, Loading } from '../components/Status';
import { searchGraves } from '../graveSearch';
import { useApi } from '../useApi';
import { ui } from '../text';
import { Link } from '../router';
import { planPublicText } from '../../domain/messages/planPublic';
import { emptyRegisterText } from '../../domain/messages/emptyRegister';
import { publicPaths } from '../../domain/paths/publicPaths';
import '../pages.css';

export default function BonesPage() {
  const graves = useApi<Grave[]>(paths.gravesOfSection('bones'));
  const [term, setTerm] = useState('');
  // By deceased name (spec section 5), with the register's name matcher, best first.
  const matches = useMemo(() => (graves.state === 'done' ? searchGraves(graves.data, term) : []), [graves, term]);

  return (
    <section aria-labelledby="bones-heading">
      <h1 id="bones-heading">{ui['nav.bones']}</h1>
      <p className="muted">
        <Link to={publicPaths.plan.href()} className="plan-link">
          {planPublicText['plan.link']}
        </Link>
      </p>
      <SearchBox value={term} onChange={setTerm} placeholder={ui['search.deceasedPlaceholder']} />
      {graves.state === 'loading' && <Loading />}
      {graves.state === 'error' && <ErrorMessage text={ui['bones.connectionError']} onRetry={graves.reload} />}
      {graves.state === 'done' &&
        (graves.data.length === 0 ? (
          <p className="message">{emptyRegisterText['empty.section']}</p>
        ) : matches.length === 0 ? (
          <p className="message">{ui['search.noResults']}</p>
        ) : (
          <ul className="card-grid">
            {matches.map((g) => (
              <GraveCard key={g._id} grave={g} />
            ))}
          </ul>
        ))}
    </section>
  );
}
