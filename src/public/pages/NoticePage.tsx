// One notice's page: the deceased's name, the family's line, the funeral prayer (its day in Gregorian with
// the Hijri beside it, its time, mosque and after which prayer), the grave once linked, where condolences are
// received, and the ways to share it and to add the prayer to a calendar. A hidden or unknown notice is not found.
import { API_BASE, paths } from '../../api';
import { formatBurialDate } from '../../domain/dates/dateText';
import { fill } from '../../domain/messages/fill';
import { noticeWordsText } from '../../domain/messages/notices';
import { noticePageText as words } from '../../domain/messages/noticesPublicPage';
import type { Condolence, Notice } from '../../domain/notices/notice';
import { prayerTimeText } from '../../domain/notices/noticeText';
import { publicPaths } from '../../domain/paths/publicPaths';
import { graveName } from '../../domain/text/graveLifeText';
import { NotFound, isNotFound } from '../components/NotFound';
import { ShareNotice } from '../components/ShareNotice';
import { ErrorMessage, Loading } from '../components/Status';
import { Link, useParams } from '../router';
import { useApi } from '../useApi';
import { ui, pt } from '../text';
import '../pages.css';

const FOR_WORDS = {
  men: noticeWordsText['notice.for.men'],
  women: noticeWordsText['notice.for.women'],
  all: noticeWordsText['notice.for.all'],
} as const;

/** The days of a place of condolences: one day, or «من … إلى …». */
const daysText = (condolence: Condolence) =>
  condolence.from === condolence.to
    ? formatBurialDate(condolence.from)
    : fill(words['noticePage.condolenceDays'], {
        from: formatBurialDate(condolence.from),
        to: formatBurialDate(condolence.to),
      });

export default function NoticePage() {
  const { id = '' } = useParams();
  const notice = useApi<Notice>(paths.notice(id));
  if (notice.state === 'loading') return <Loading page text={words['noticePage.loading']} />;
  if (notice.state === 'error') {
    if (isNotFound(notice.error)) return <NotFound text={words['noticePage.notFound']} />;
    return <ErrorMessage text={pt['public.loadError']} onRetry={notice.reload} />;
  }
  const n = notice.data;
  const time = prayerTimeText(n.prayerAt);
  return (
    <article className="notice" aria-labelledby="notice-heading">
      <p className="notice-verse">{ui['home.condolence']}</p>
      <h1 id="notice-heading">{n.name}</h1>
      <p className="notice-care">{words['noticePage.inGodsCare']}</p>
      {n.relations && <p className="notice-relations">{n.relations}</p>}

      <section className="card" aria-labelledby="prayer-heading">
        <h2 id="prayer-heading">{words['noticePage.prayer']}</h2>
        <dl className="notice-facts">
          <dt>{words['noticePage.day']}</dt>
          <dd>{formatBurialDate(n.prayerAt.slice(0, 10))}</dd>
          <dt>{words['noticePage.time']}</dt>
          <dd>{n.afterPrayer ? `${time}، ${n.afterPrayer}` : time}</dd>
          <dt>{words['noticePage.mosque']}</dt>
          <dd>{n.mosque}</dd>
        </dl>
        <a className="button button-secondary" href={`${API_BASE}${paths.noticeCalendar(n.id)}`}>
          {words['noticePage.calendar']}
        </a>
      </section>

      {n.grave && (
        <section className="card" aria-labelledby="burial-heading">
          <h2 id="burial-heading">{words['noticePage.burialHeading']}</h2>
          <p>
            <span className="label">{words['noticePage.burialPlace']}: </span>
            <Link to={publicPaths.grave.href(n.grave._id)}>{graveName(n.grave)}</Link>
          </p>
        </section>
      )}

      {n.condolences.length > 0 && (
        <section className="card" aria-labelledby="condolences-heading">
          <h2 id="condolences-heading">{words['noticePage.condolencesHeading']}</h2>
          <ul className="notice-condolences">
            {n.condolences.map((c, i) => (
              <li key={i}>
                <strong>{c.place}</strong> <span className="notice-for">{FOR_WORDS[c.for]}</span>
                <span className="notice-days">{daysText(c)}</span>
                {c.hours && (
                  <span className="notice-days">
                    {words['noticePage.condolenceHours']}: {c.hours}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      <ShareNotice notice={n} />
    </article>
  );
}
