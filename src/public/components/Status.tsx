import { Spinner } from './Icons';
import { ui, pt } from '../text';

export function Loading({ text }: { text?: string }) {
  return (
    <p className="loading" role="status">
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
