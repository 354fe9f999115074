// Screen 11: a grave's public page — its number, a name search and the burials, newest first; a link to
// propose a correction of each burial, and the grave's approved photos at the end of the page.
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useParams } from '../router';
import { paths } from '../../api';
import { formatBurialDate } from '../../domain/dates/dateText';
import {
  DIRECTIONS,
  EMPTIED_BY_TRANSFER,
  graveName,
  gravePageTitle,
  graveShortPath,
  MOVED_HEADING,
  movedToText,
  placeText,
  platesText,
  shortAddressText,
  spokenGraveCode,
} from '../../domain/text/graveLifeText';
import { movedFromText } from '../../domain/rules/graveMoves';
import { compareMatches, indexName, matchName, prepareQuery, type NameMatch } from '../../domain/search/names';
import { publicPaths } from '../../domain/paths/publicPaths';
import type { BuriedPerson, Grave, GraveCardData } from '../../domain/types';
import { availabilityText } from '../graveText';
import { HighlightedName } from '../components/HighlightedName';
import { SearchBox } from '../components/SearchBox';
import { NotFound, isNotFound } from '../components/NotFound';
import { ErrorMessage, Loading } from '../components/Status';
import { useIdentity } from '../identity';
import { afterFirstPaint } from '../firstPaint';
import { cardOfGrave } from '../reachedCards';
import { useApi } from '../useApi';
import { ui, pt, fill } from '../text';
import { correctionsPublicText as ct } from '../../domain/messages/correctionsPublic';
import { photosPublicText as ph } from '../../domain/messages/photosPublic';
import '../pages.css';

// The photos are no part of the first screen: their list is asked for after the first paint, and the code that draws
// them is a chunk of its own, so the grave page's first paint and its first download stay as they were.
const GravePhotos = lazy(() => import('../components/GravePhotos'));

/** What the photos' box shows until its chunk and its list are in: a quiet line, in the box's reserved height. */
const PhotosWaiting = () => <p className="photos-quiet">{ph['photosPublic.loading']}</p>;

/** True once the first screen has been painted (false on the server and in the hydrating render: same markup). */
function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let live = true;
    void afterFirstPaint().then(() => live && setPainted(true));
    return () => {
      live = false;
    };
  }, []);
  return painted;
}

/**
 * The grave's heading and summary line (status, when it becomes available, then `children`): drawn alike from the
 * card the visitor tapped and from the grave's own answer, so the page keeps its first lines in place as it fills.
 */
function GraveHeading({ grave, children }: { grave: GraveCardData; children?: ReactNode }) {
  const availability = availabilityText(grave);
  return (
    <>
      <h1 id="grave-heading">{graveName(grave)}</h1>
      <p className="grave-summary">
        <span>
          <span className="label">{ui['grave.status']}: </span>
          {grave.status}
        </span>
        {availability && <span>{availability}</span>}
        {children}
      </p>
    </>
  );
}

/** The page as the card the visitor tapped already tells it, while the grave's answer, with its burials, travels. */
function GraveFromCard({ card }: { card: GraveCardData }) {
  return (
    <section className="grave-opening" aria-labelledby="grave-heading" aria-busy="true">
      <GraveHeading grave={card} />
      <Loading />
    </section>
  );
}

export default function GraveDetailsPage() {
  const { graveId = '' } = useParams();
  const grave = useApi<Grave>(paths.grave(graveId));
  const [term, setTerm] = useState('');

  // Newest first; with a search, the people the register's name matcher finds, best first (ties newest first),
  // their matched words marked.
  // The names are indexed before a query is read: the query's words are split or joined by the words the indexed
  // names hold ("ابو العلا" stays one compound word when a name has it).
  const indexed = useMemo(
    () =>
      grave.state !== 'done'
        ? []
        : [...grave.data.buriedPersons]
            .sort((a, b) => b.burialDate.localeCompare(a.burialDate))
            .map((person) => ({ person, name: indexName(person.name) })),
    [grave],
  );
  const people = useMemo(() => {
    const query = prepareQuery(term);
    if (query === null) return indexed.map(({ person }) => ({ person, words: [] as Array<[number, number]> }));
    return indexed
      .map(({ person, name }) => ({ person, match: matchName(query, name) }))
      .filter((found): found is { person: BuriedPerson; match: NameMatch } => found.match !== null)
      .sort((a, b) => compareMatches(a.match, b.match))
      .map(({ person, match }) => ({ person, words: match.words }));
  }, [indexed, term]);

  // The tab and the history name the grave with its section, as the server-drawn page does (server/site/shell.ts).
  const loaded = grave.state === 'done' ? grave.data : null;
  const { identity, words } = useIdentity();
  const photosNow = useAfterFirstPaint();
  const { siteTitle } = words;
  useEffect(() => {
    if (!loaded) return;
    const before = document.title;
    document.title = gravePageTitle(loaded, siteTitle);
    return () => {
      document.title = before;
    };
  }, [loaded, siteTitle]);

  if (grave.state === 'loading') {
    const card = cardOfGrave(graveId);
    return card ? <GraveFromCard card={card} /> : <Loading page />;
  }
  if (grave.state === 'error') {
    // An unknown grave gets a clear Arabic answer, never an endless 'Loading...'.
    if (isNotFound(grave.error)) return <NotFound text={pt['public.graveNotFound']} />;
    return <ErrorMessage text={pt['public.loadError']} onRetry={grave.reload} />;
  }

  const g = grave.data;
  return (
    <section aria-labelledby="grave-heading">
      <GraveHeading grave={g}>
        {g.place && <span className="grave-place">{placeText(g.place)}</span>}
      </GraveHeading>
      {/* The code to say on the phone, and the short address printed on the grave's plate (a plain link:
          the server sends it on to this page). */}
      <p className="grave-code">
        <span>
          <span className="label">{platesText['plate.codeLabel']}: </span>
          <strong>{spokenGraveCode(g)}</strong>
        </span>
        <span>
          <span className="label">{platesText['plate.addressLabel']}: </span>
          <a href={graveShortPath(g.gender, g.number)} dir="ltr">
            {shortAddressText(identity.siteUrl, g)}
          </a>
        </span>
      </p>
      {g.position && (
        // geo: opens the phone's maps app at the grave (RFC 5870); the label names it in the app.
        <p className="directions">
          <a
            className="button"
            href={`geo:${g.position.latitude},${g.position.longitude}?q=${g.position.latitude},${g.position.longitude}`}
          >
            {DIRECTIONS}
          </a>
        </p>
      )}
      <SearchBox value={term} onChange={setTerm} placeholder={ui['search.deceasedPlaceholder']} />
      {g.buriedPersons.length === 0 ? (
        // Emptied by moves of its remains, it says so rather than "no one buried yet".
        <p className="message">{g.moved && g.moved.length > 0 ? EMPTIED_BY_TRANSFER : pt['public.graveEmpty']}</p>
      ) : people.length === 0 ? (
        <p className="message">{ui['search.noResultsDot']}</p>
      ) : (
        <div className="table-wrap">
          <table className="burials">
            <thead>
              <tr>
                <th scope="col">{ui['burial.name']}</th>
                <th scope="col">{ui['burial.date']}</th>
                <th scope="col" className="burial-correct">
                  {ct['correctionsPublic.column']}
                </th>
              </tr>
            </thead>
            <tbody>
              {people.map(({ person, words }) => (
                <tr key={person._id}>
                  <td>
                    <HighlightedName name={person.name} words={words} />
                    {person.transferredFrom && <span className="move-note">{movedFromText(person.transferredFrom)}</span>}
                  </td>
                  <td>{formatBurialDate(person.burialDate, person.datePrecision)}</td>
                  <td className="burial-correct">
                    <Link
                      to={publicPaths.correctBurial.href(g._id, person._id)}
                      aria-label={fill(ct['correctionsPublic.linkLabel'], { name: person.name })}
                    >
                      {ct['correctionsPublic.link']}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {g.moved && g.moved.length > 0 && (
        <section className="moved-out" aria-labelledby="moved-heading">
          <h2 id="moved-heading">{MOVED_HEADING}</h2>
          <ul>
            {g.moved.map((person) => (
              <li key={person._id}>
                <span className="moved-name">{person.name}</span>{' '}
                {person.transferredTo?.graveId ? (
                  <Link to={publicPaths.grave.href(person.transferredTo.graveId)}>
                    {movedToText(person.transferredTo)}
                  </Link>
                ) : (
                  person.transferredTo && movedToText(person.transferredTo)
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {/* The photos' box has its height from the start (pages.css): loading, none, a failure or the photos, what is
          above it never moves, nor the footer below it. */}
      <section className="grave-photos-section" aria-labelledby="photos-heading">
        <div className="photos-head">
          <h2 id="photos-heading">{ph['photosPublic.heading']}</h2>
          <Link className="button button-secondary button-small" to={publicPaths.gravePhoto.href(g._id)}>
            {ph['photosPublic.sendLink']}
          </Link>
        </div>
        <div className="grave-photos">
          {photosNow ? (
            <Suspense fallback={<PhotosWaiting />}>
              <GravePhotos graveId={g._id} graveName={graveName(g)} />
            </Suspense>
          ) : (
            <PhotosWaiting />
          )}
        </div>
      </section>
    </section>
  );
}
