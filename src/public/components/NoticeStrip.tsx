// The current notices under the home page's hero, drawn with the page by the server (its first data). Its
// own small chunk, off the home page's first download: the server's markup stays on screen until it arrives, and
// no notice (or a failed read) draws nothing, the page as it always was.
import { paths } from '../../api';
import { noticesPublicText as nt } from '../../domain/messages/noticesPublic';
import type { Notice } from '../../domain/notices/notice';
import { publicPaths } from '../../domain/paths/publicPaths';
import { Link } from '../router';
import { useApi } from '../useApi';
import { NoticeList } from './NoticeList';

export default function NoticeStrip() {
  const notices = useApi<Notice[]>(paths.notices());
  if (notices.state !== 'done' || notices.data.length === 0) return null;
  return (
    <section className="notice-strip" aria-labelledby="notices-heading">
      <h2 id="notices-heading">{nt['noticesPublic.heading']}</h2>
      <NoticeList notices={notices.data} />
      <Link to={publicPaths.notices.href()}>{nt['noticesPublic.all']}</Link>
    </section>
  );
}
