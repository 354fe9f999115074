// What a page says when the grave or article its address names is not in the register (the API answered 404, or
// 400 for an id that cannot be one): a clear Arabic answer and the way home, never an endless "loading" or a retry.
import { Link } from '../router';
import { publicPaths } from '../../domain/paths/publicPaths';
import type { ApiError } from '../../api';
import { namesNothing } from '../../api/firstData';
import { ui, pt } from '../text';

/** Whether a failed read means "no such thing" rather than "try again". */
export const isNotFound = (error: ApiError) => namesNothing(error.status);

export function NotFound({ text }: { text: string }) {
  return (
    <section className="not-found">
      <h1>{ui['common.notFound']}</h1>
      <p className="message message-error" role="alert">
        {text}
      </p>
      <Link to={publicPaths.home.href()} className="button">
        {pt['public.backToHome']}
      </Link>
    </section>
  );
}
