import { Link, useLocation } from '../router';
import { publicPaths } from '../../domain/paths/publicPaths';
import { GRAVE_ADDRESS_UNKNOWN, isGraveAddressPath } from '../../domain/text/graveLifeText';
import { ui, pt } from '../text';
import '../pages.css';

export default function NotFoundPage() {
  // A plate's short address or a plan cell's, of no grave (server/site/index.ts answers it with 404): it says so.
  const { pathname } = useLocation();
  return (
    <section className="not-found">
      <h1>{ui['common.notFound']}</h1>
      <p>{isGraveAddressPath(pathname) ? GRAVE_ADDRESS_UNKNOWN : pt['public.notFoundText']}</p>
      <Link to={publicPaths.home.href()} className="button">
        {pt['public.backToHome']}
      </Link>
    </section>
  );
}
