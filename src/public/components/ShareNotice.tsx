// Sharing a notice from its page. Where the phone can share (the Web Share API), one button opens its
// share sheet with the notice's title, text and address; elsewhere a WhatsApp link carrying the same text and
// address, and "copy the link" with a confirmation a screen reader speaks. The server draws the fall-backs (they
// work before the script arrives); the browser swaps in the share button when it has one.
import { useEffect, useState } from 'react';
import { fill } from '../../domain/messages/fill';
import { noticePageText as words } from '../../domain/messages/noticesPublicPage';
import { prayerWhenText } from '../../domain/notices/noticeText';
import type { Notice } from '../../domain/notices/notice';
import { publicPaths } from '../../domain/paths/publicPaths';
import { useIdentity } from '../identity';

export function ShareNotice({ notice }: { notice: Notice }) {
  const { identity } = useIdentity();
  const path = publicPaths.notice.href(notice.id);
  // The site's public address when the committee gave it; else the one this page was opened at.
  const [url, setUrl] = useState(`${identity.siteUrl ?? ''}${path}`);
  const [canShare, setCanShare] = useState(false);
  const [said, setSaid] = useState('');
  useEffect(() => {
    if (!identity.siteUrl) setUrl(`${window.location.origin}${path}`);
    setCanShare(typeof navigator.share === 'function');
  }, [identity.siteUrl, path]);

  const title = fill(words['noticePage.shareTitle'], { name: notice.name });
  const text = fill(words['noticePage.shareText'], {
    name: notice.name,
    when: prayerWhenText(notice.prayerAt),
    mosque: notice.mosque,
  });

  const share = () => {
    // Closing the share sheet rejects (AbortError): nothing to say.
    navigator.share({ title, text, url }).catch(() => undefined);
  };
  const copy = () => {
    setSaid('');
    const done = navigator.clipboard?.writeText(url) ?? Promise.reject(new Error('no clipboard'));
    done.then(
      () => setSaid(words['noticePage.copied']),
      () => setSaid(words['noticePage.copyFailed']),
    );
  };

  return (
    <div className="notice-share">
      {canShare ? (
        <button type="button" className="button" onClick={share}>
          {words['noticePage.share']}
        </button>
      ) : (
        <>
          <a
            className="button"
            href={`https://wa.me/?text=${encodeURIComponent(`${text}\n${url}`)}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {words['noticePage.whatsapp']}
          </a>
          <button type="button" className="button button-secondary" onClick={copy}>
            {words['noticePage.copy']}
          </button>
        </>
      )}
      <p className="notice-said" role="status" aria-live="polite">
        {said}
      </p>
    </div>
  );
}
