import { Link } from '../router';
import { publicPaths } from '../../domain/paths/publicPaths';
import { ui, pt } from '../text';
import '../pages.css';

export default function NotFoundPage() {
  return (
    <section className="not-found">
      <h1>{ui['common.notFound']}</h1>
      <p>{pt['public.notFoundText']}</p>
      <Link to={publicPaths.home.href()} className="button">
        {pt['public.backToHome']}
      </Link>
    </section>
  );
}
