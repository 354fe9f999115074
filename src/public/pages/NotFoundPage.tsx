import { Link } from '../router';
import { ui, pt } from '../text';
import '../pages.css';

export default function NotFoundPage() {
  return (
    <section className="not-found">
      <h1>{ui['common.notFound']}</h1>
      <p>{pt['public.notFoundText']}</p>
      <Link to="/" className="button">
        {pt['public.backToHome']}
      </Link>
    </section>
  );
}
