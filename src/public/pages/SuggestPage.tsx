// /suggest: the suggestion form alone.
import { t } from '../../domain/messages';
import { SuggestionForm } from '../components/SuggestionForm';

export default function SuggestPage() {
  return (
    <section aria-labelledby="suggest-heading">
      <h1 id="suggest-heading">{t('public.suggestHeading')}</h1>
      <p>{t('public.contactIntro')}</p>
      <SuggestionForm headingId="suggest-heading" />
    </section>
  );
}
