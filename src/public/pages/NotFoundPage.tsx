import { Link, matchPath, useLocation } from '../router';
import { publicPaths } from '../../domain/paths/publicPaths';
import { GRAVE_ADDRESS_PREFIX } from '../../domain/paths/graveAddress';
import { platesText } from '../../domain/messages/plates';
import { ui, pt } from '../text';
import '../pages.css';

/**
 * Whether the address names a grave by its section and number — a plate's short address (/g/m317, /G/M317) or a
 * plan cell's (/plan/men/12) — that the server found no grave for (server/site/index.ts answers it with 404).
 */
const namesGrave = (pathname: string) =>
  matchPath(`${GRAVE_ADDRESS_PREFIX}:code`, pathname) !== null || matchPath(publicPaths.planGrave.path, pathname) !== null;

export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <section className="not-found">
      <h1>{ui['common.notFound']}</h1>
      <p>{namesGrave(pathname) ? platesText['plate.addressUnknown'] : pt['public.notFoundText']}</p>
      <Link to={publicPaths.home.href()} className="button">
        {pt['public.backToHome']}
      </Link>
    </section>
  );
}
