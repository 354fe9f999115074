// Notices as a short list, each with the deceased's name linking to the notice's page and the line of the
// funeral prayer. The home page's strip (the current notices) and /notices (the last month's) draw it; it is small,
// as it is in the home page's first download.
import { Link } from '../router';
import { publicPaths } from '../../domain/paths/publicPaths';
import type { Notice } from '../../domain/notices/notice';
import { prayerLineText } from '../../domain/notices/noticeText';

export function NoticeList({ notices }: { notices: readonly Notice[] }) {
  return (
    <ul className="article-list notice-list">
      {notices.map((notice) => (
        <li key={notice.id}>
          <Link to={publicPaths.notice.href(notice.id)}>{notice.name}</Link>
          <span>{prayerLineText(notice)}</span>
        </li>
      ))}
    </ul>
  );
}
