// /suggest: the suggestion form alone.
import { SuggestionForm } from '../components/SuggestionForm';
import { pt } from '../text';
import '../pages.css';

export default function SuggestPage() {
  return (
    <section aria-labelledby="suggest-heading">
      <h1 id="suggest-heading">{pt['public.suggestHeading']}</h1>
      <p>{pt['public.contactIntro']}</p>
      <SuggestionForm headingId="suggest-heading" />
    </section>
  );
}
