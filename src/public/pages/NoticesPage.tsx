// /notices, the current notices and those whose prayer fell in the last month, newest prayer first (the
// API's order), drawn with the page by the server.
import { paths } from '../../api';
import { NOTICE_RECENT_DAYS, type Notice } from '../../domain/notices/notice';
import { noticesPublicText as nt } from '../../domain/messages/noticesPublic';
import { noticePageText as words } from '../../domain/messages/noticesPublicPage';
import { NoticeList } from '../components/NoticeList';
import { ErrorMessage, Loading } from '../components/Status';
import { useApi } from '../useApi';
import { pt } from '../text';

export default function NoticesPage() {
  const notices = useApi<Notice[]>(paths.notices({ recent: NOTICE_RECENT_DAYS }));
  return (
    <section className="notices-page" aria-labelledby="notices-heading">
      <h1 id="notices-heading">{nt['noticesPublic.heading']}</h1>
      {notices.state === 'loading' ? (
        <Loading page text={words['noticePage.loading']} />
      ) : notices.state === 'error' ? (
        <ErrorMessage text={pt['public.loadError']} onRetry={notices.reload} />
      ) : notices.data.length === 0 ? (
        <p className="message">{words['noticePage.none']}</p>
      ) : (
        <NoticeList notices={notices.data} />
      )}
    </section>
  );
}
