// Screen 15: an article's title and content. The content is text (its paragraphs kept), never HTML.
import { useParams } from '../router';
import { paths } from '../../api';
import { formatDate } from '../../domain/text/format';
import type { Article } from '../../domain/types';
import { NotFound, isNotFound } from '../components/NotFound';
import { ErrorMessage, Loading } from '../components/Status';
import { useApi } from '../useApi';
import { ui, pt } from '../text';
import '../pages.css';

export default function ArticlePage() {
  const { id = '' } = useParams();
  const article = useApi<Article>(paths.articleDetail(id));
  if (article.state === 'loading') return <Loading page text={ui['article.loading']} />;
  if (article.state === 'error') {
    // An unknown article is said to be so; any other failure can be tried again.
    if (isNotFound(article.error)) return <NotFound text={pt['public.articleNotFound']} />;
    return <ErrorMessage text={ui['article.loadError']} onRetry={article.reload} />;
  }
  const paragraphs = article.data.content.split(/\n\s*\n/).filter((p) => p.trim() !== '');
  return (
    <article className="article" aria-labelledby="article-heading">
      <h1 id="article-heading">{article.data.title}</h1>
      <p className="muted">{formatDate(article.data.createdAt)}</p>
      {paragraphs.map((p, i) => (
        <p key={i} className="article-paragraph">
          {p}
        </p>
      ))}
    </article>
  );
}
