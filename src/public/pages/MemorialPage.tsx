import { pt } from '../text';
import '../pages.css';
// The memorial page: short, well-known texts with their sources, nothing more.

export default function MemorialPage() {
  return (
    <section className="memorial" aria-labelledby="memorial-page-heading">
      <h1 id="memorial-page-heading">{pt['public.memorialHeading']}</h1>
      <figure className="verse">
        <blockquote>
          <p>{pt['public.memorialVerse1']}</p>
        </blockquote>
        <figcaption>{pt['public.memorialSource1']}</figcaption>
      </figure>
      <figure className="verse">
        <blockquote>
          <p>{pt['public.memorialVerse2']}</p>
        </blockquote>
        <figcaption>{pt['public.memorialSource2']}</figcaption>
      </figure>
      <p>{pt['public.memorialText']}</p>
    </section>
  );
}
