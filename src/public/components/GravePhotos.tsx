// A grave's approved photos on its page, the cover first: thumbnails (WebP, with the JPEG for a browser
// without it) sized from the answer before they arrive, asked for only when near the screen, each a link to its
// display size. A list that cannot be read leaves a quiet line and a retry, never a broken image. Its own chunk
// (GraveDetailsPage loads it after the first paint).
import { useEffect, useState } from 'react';
import { paths } from '../../api';
import { photosPublicText as ph } from '../../domain/messages/photosPublic';
import { formatNumber } from '../../domain/text/format';
import type { GravePhoto } from '../../domain/types';
import { isNotFound } from './NotFound';
import { useApi } from '../useApi';
import { fill, pt } from '../text';

/**
 * The photos a first swipe of the strip reaches. A browser fetches a lazy image only once it is in view, and one
 * hidden sideways inside the strip never is until swiped to: so once the strip itself comes near the screen, these
 * are asked for at once (the rest stay lazy), and a family scrolling down sees them drawn, not blank.
 */
const FIRST_SWIPE = 3;

/** Whether the element has come within a screen's quarter of the viewport (once true, stays true). */
function useNearScreen(element: HTMLElement | null): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (!element || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '25% 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near]);
  return near;
}

export default function GravePhotos({ graveId, graveName }: { graveId: string; graveName: string }) {
  const photos = useApi<GravePhoto[]>(paths.gravePhotos(graveId));
  const [strip, setStrip] = useState<HTMLUListElement | null>(null);
  const near = useNearScreen(strip);
  if (photos.state === 'loading') return <p className="photos-quiet">{ph['photosPublic.loading']}</p>;
  if (photos.state === 'error') {
    // A grave removed meanwhile has no photos to show; anything else may pass.
    if (isNotFound(photos.error)) return <p className="photos-quiet">{ph['photosPublic.none']}</p>;
    return (
      <p className="photos-quiet" role="status">
        <span>{ph['photosPublic.loadError']}</span>
        <button type="button" className="button button-secondary button-small" onClick={photos.reload}>
          {pt['public.retry']}
        </button>
      </p>
    );
  }
  const list = Array.isArray(photos.data) ? [...photos.data].sort((a, b) => Number(b.cover) - Number(a.cover)) : [];
  if (list.length === 0) return <p className="photos-quiet">{ph['photosPublic.none']}</p>;
  const count = formatNumber(list.length);
  return (
    <ul className="photo-strip" ref={setStrip}>
      {list.map((photo, i) => (
        <li key={photo._id}>
          <a href={photo.jpegUrl}>
            <picture>
              <source type="image/webp" srcSet={photo.thumbUrl} />
              <img
                src={photo.thumbJpegUrl}
                width={photo.thumbWidth}
                height={photo.thumbHeight}
                loading={near && i < FIRST_SWIPE ? 'eager' : 'lazy'}
                decoding="async"
                alt={fill(ph['photosPublic.photoAlt'], {
                  grave: graveName,
                  n: formatNumber(i + 1),
                  count,
                })}
              />
            </picture>
          </a>
        </li>
      ))}
    </ul>
  );
}
