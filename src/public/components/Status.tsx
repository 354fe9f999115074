import { Spinner } from './Icons';
import { ui, pt } from '../text';

/** `page`: the whole page is loading — the placeholder is as tall as the screen, so that what follows it (the
 * footer) is out of view and does not move when the page arrives (layout shift). */
export function Loading({ text, page }: { text?: string; page?: boolean }) {
  return (
    <p className={page ? 'loading loading-page' : 'loading'} role="status">
      <Spinner />
      <span>{text ?? ui['common.loading']}</span>
    </p>
  );
}

export function ErrorMessage({ text, onRetry }: { text: string; onRetry?: () => void }) {
  return (
    <div className="message message-error" role="alert">
      <p>{text}</p>
      {onRetry && (
        <button type="button" className="button button-secondary" onClick={onRetry}>
          {pt['public.retry']}
        </button>
      )}
    </div>
  );
}
