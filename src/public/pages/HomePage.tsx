// Screen 1: hero, services, recent burials, condolence, statistics, articles, memorial and about blocks,
// and one search across all sections.
import { Suspense, lazy, startTransition, useEffect, useState, type ReactNode } from 'react';
import { Link } from '../router';
import { paths } from '../../api';
import { formatDate } from '../../domain/text/format';
import { formatBurialDate } from '../../domain/dates/dateText';
import { publicPaths } from '../../domain/paths/publicPaths';
import type { ArticleSummary, Grave } from '../../domain/types';
import { ForwardIcon } from '../components/Icons';
import { SiteSearch } from '../components/SiteSearch';
import { ErrorMessage, Loading } from '../components/Status';
import { afterFirstPaint } from '../firstPaint';
import { useApi } from '../useApi';
import { graveWhere } from '../graveText';
import { useIdentity } from '../identity';
import { ui, pt } from '../text';
import { useRegisterEmpty } from '../useRegisterEmpty';
import { emptyRegisterText } from '../../domain/messages/emptyRegister';

// Below the fold and drawn after the first paint: its own small chunk, off the home page's first download.
// The current notices, at the top of the page: drawn with it by the server, their code in a small chunk.
const Notices = lazy(() => import('../components/NoticeStrip'));
const Statistics = lazy(() => import('../components/Statistics').then((module) => ({ default: module.Statistics })));

const SERVICES: ReadonlyArray<{ to: string; title: string; text: string }> = [
  { to: publicPaths.men.href(), title: ui['nav.men'], text: pt['public.serviceMen'] },
  { to: publicPaths.women.href(), title: ui['nav.women'], text: pt['public.serviceWomen'] },
  { to: publicPaths.bones.href(), title: ui['nav.bones'], text: pt['public.serviceBones'] },
];

function RecentBurials() {
  const recent = useApi<Grave[]>(paths.recentBurials());
  const none = recent.state === 'done' && recent.data.every((g) => g.buriedPersons.length === 0);
  // No burial to show: is there any grave at all? An empty register says so, not "no recent burials".
  const empty = useRegisterEmpty(none);
  if (recent.state === 'loading') return <Loading />;
  if (recent.state === 'error') return <ErrorMessage text={pt['public.loadError']} onRetry={recent.reload} />;
  if (none) {
    if (empty === null) return <Loading />;
    return <p className="message">{empty ? emptyRegisterText['empty.register'] : ui['home.noRecentBurials']}</p>;
  }
  const burials = recent.data
    .flatMap((g) => g.buriedPersons.map((p) => ({ person: p, grave: g })))
    .sort((a, b) => b.person.burialDate.localeCompare(a.person.burialDate));
  return (
    <ul className="card-grid recent-list">
      {burials.map(({ person, grave }) => (
        <li key={person._id} className="card recent-card">
          <h3>
            <Link to={publicPaths.grave.href(grave._id)}>{person.name}</Link>
          </h3>
          <p>
            <span className="label">{ui['burial.date']}: </span>
            {formatBurialDate(person.burialDate, person.datePrecision)}
          </p>
          <p className="muted">{graveWhere(grave.number, grave.gender)}</p>
        </li>
      ))}
    </ul>
  );
}

function Articles() {
  const articles = useApi<ArticleSummary[]>(paths.articles());
  if (articles.state === 'loading') return <Loading />;
  if (articles.state === 'error') return <ErrorMessage text={ui['home.articlesError']} onRetry={articles.reload} />;
  if (articles.data.length === 0) return <p className="message">{ui['home.noArticles']}</p>;
  return (
    <ul className="article-list">
      {articles.data.map((a) => (
        <li key={a._id}>
          <Link to={publicPaths.article.href(a._id)}>
            <span>{a.title}</span>
            <ForwardIcon />
          </Link>
          <span className="muted">{formatDate(a.createdAt)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Below-the-fold blocks: drawn once the first screen has been shown, in a transition (in slices), so the first
 * render — the hero the visitor sees — is a short task.
 */
function Later({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let live = true;
    void afterFirstPaint().then(() => {
      if (live) startTransition(() => setShown(true));
    });
    return () => {
      live = false;
    };
  }, []);
  return shown ? <>{children}</> : null;
}

export default function HomePage() {
  const { words } = useIdentity();
  return (
    <div className="home">
      <section className="hero">
        <h1>{words.heroTitle}</h1>
        <p>{words.heroText}</p>
      </section>

      {/* The search first, the notices under it: on a phone a notice above the box pushed it to the bottom of the
          first screen, and its answers fell under the keyboard. */}
      <SiteSearch />

      <Suspense fallback={null}>
        <Notices />
      </Suspense>

      <section aria-labelledby="services-heading">
        <h2 id="services-heading">{ui['home.services']}</h2>
        <ul className="card-grid services">
          {SERVICES.map((s) => (
            <li key={s.to}>
              <Link to={s.to} className="card service-card">
                <span className="service-title">{s.title}</span>
                <span>{s.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="recent-heading">
        <h2 id="recent-heading">{ui['home.recentBurials']}</h2>
        <RecentBurials />
      </section>

      <p className="condolence">{ui['home.condolence']}</p>

      <Later>
        <Suspense fallback={null}>
          <Statistics />
        </Suspense>

        <section aria-labelledby="articles-heading">
          <h2 id="articles-heading">{ui['home.articles']}</h2>
          <Articles />
        </section>

        <section className="memorial-block card" aria-labelledby="memorial-heading">
          <h2 id="memorial-heading">{ui['home.memorial']}</h2>
          <p>{pt['public.memorialText']}</p>
          <Link to={publicPaths.memorial.href()}>{pt['public.memorialLink']}</Link>
        </section>

        <section className="about-block card" aria-labelledby="about-heading">
          <h2 id="about-heading">{ui['home.about']}</h2>
          <p>{words.about}</p>
        </section>
      </Later>
    </div>
  );
}
