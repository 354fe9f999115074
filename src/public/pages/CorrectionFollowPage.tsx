// A correction's private follow-up page (/correction/:token): its state in words (under review, applied,
// rejected and why), the day it was sent and the day it was decided — nothing else (GET /api/corrections/follow/…
// answers no more). Drawn by the server with its answer; an unknown token is the not-found page (and a 404). The page
// tells search engines to keep out (src/domain/text/pageHead.ts).
import { paths } from '../../api';
import { formatBurialDate } from '../../domain/dates/dateText';
import { correctionsPublicText as ct } from '../../domain/messages/correctionsPublic';
import { DEFAULT_TIME_ZONE, todayIn } from '../../domain/rules/graveStatus';
import type { CorrectionFollow, CorrectionStatus } from '../../domain/types';
import { NotFound, isNotFound } from '../components/NotFound';
import { ErrorMessage, Loading } from '../components/Status';
import { useParams } from '../router';
import { useApi } from '../useApi';
import { pt } from '../text';
import '../pages.css';

const STATUS_WORDS: Record<CorrectionStatus, { name: string; text: string }> = {
  pending: {
    name: ct['correctionsPublic.status.pending'],
    text: ct['correctionsPublic.statusText.pending'],
  },
  applied: {
    name: ct['correctionsPublic.status.applied'],
    text: ct['correctionsPublic.statusText.applied'],
  },
  rejected: {
    name: ct['correctionsPublic.status.rejected'],
    text: ct['correctionsPublic.statusText.rejected'],
  },
};

/** The day of an instant in the register's time zone, as the register writes dates (with the Hijri day). */
const dayText = (instant: string) => {
  const at = new Date(instant);
  return Number.isNaN(at.getTime()) ? instant : formatBurialDate(todayIn(DEFAULT_TIME_ZONE, at));
};

export default function CorrectionFollowPage() {
  const { token = '' } = useParams();
  const follow = useApi<CorrectionFollow>(paths.followCorrection(token));

  if (follow.state === 'loading') return <Loading page text={ct['correctionsPublic.followLoading']} />;
  if (follow.state === 'error') {
    if (isNotFound(follow.error)) return <NotFound text={ct['correctionsPublic.followNotFound']} />;
    return <ErrorMessage text={pt['public.loadError']} onRetry={follow.reload} />;
  }
  const f = follow.data;
  const words = STATUS_WORDS[f.status] ?? STATUS_WORDS.pending;
  return (
    <section aria-labelledby="follow-heading">
      <h1 id="follow-heading">{ct['correctionsPublic.followHeading']}</h1>
      <div className="card">
        <dl className="now-values">
          <dt>{ct['correctionsPublic.status']}</dt>
          <dd>
            <p className={`correction-status correction-status-${f.status}`}>{words.name}</p>
          </dd>
          <dt>{ct['correctionsPublic.sentAt']}</dt>
          <dd>{dayText(f.createdAt)}</dd>
          {f.decidedAt && (
            <>
              <dt>{ct['correctionsPublic.decidedAt']}</dt>
              <dd>{dayText(f.decidedAt)}</dd>
            </>
          )}
          {f.status === 'rejected' && f.reason && (
            <>
              <dt>{ct['correctionsPublic.reason']}</dt>
              <dd className="suggestion-text">{f.reason}</dd>
            </>
          )}
        </dl>
        <p style={{ margin: '0.75rem 0 0' }}>{words.text}</p>
      </div>
      <p className="hint" style={{ marginTop: '1rem' }}>
        {ct['correctionsPublic.private']}
      </p>
    </section>
  );
}
