// The plan of the cemetery. Each section drawn as its rows of graves coloured by status, each grave a link
// to its page; a search marks the graves of the people it finds; the same plan in words for screen readers (and
// anyone), and a page that prints on A4. The drawing is markup from src/domain/plan/plan/planDrawing.ts (see why there).
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { call, paths } from '../../api';
import { formatGraveNumber } from '../../domain/text/format';
import { formatCount } from '../../domain/text/nouns';
import { gravePlace } from '../../domain/rules/graveMoves';
import { fill } from '../../domain/messages/fill';
import { planPublicText as text, remainsNoun } from '../../domain/messages/planPublic';
import { emptyRegisterText } from '../../domain/messages/emptyRegister';
import type { PlanAnswer, PlanRowDrawn, PlanSection } from '../../domain/plan/plan';
import { blockSize, blockSvg, blocksOf, foundKey, rowInWords, sectionName } from '../../domain/plan/planDrawing';
import { publicPaths } from '../../domain/paths/publicPaths';
import { planCodeHint } from '../../domain/text/graveLifeText';
import { useIdentity } from '../identity';
import type { SearchMatch } from '../../domain/types';
import { PlanLegend } from '../../shared/PlanLegend';
import { SearchBox } from '../components/SearchBox';
import { ErrorMessage, Loading } from '../components/Status';
import { pt } from '../text';
import { useApi } from '../useApi';
import '../pages.css';
import '../../shared/planDrawing.css';
import './plan.css';

const hrefOf = publicPaths.planGrave.href;

export default function PlanPage() {
  const plan = useApi<PlanAnswer>(paths.plan());
  const blocks = plan.state === 'done' ? Math.max(0, ...plan.data.sections.map((s) => blocksOf(s).length)) : 0;
  const drawn = useDrawnBlocks(blocks);
  const [term, setTerm] = useState('');
  const search = usePlanSearch(term);
  const found = useMemo(
    () => new Set((search.state === 'done' ? search.matches : []).map((m) => foundKey(m.grave.gender, m.grave.number))),
    [search],
  );

  return (
    <section className="plan-page" aria-labelledby="plan-heading">
      <h1 id="plan-heading">{text['plan.title']}</h1>
      <p className="plan-intro muted">{text['plan.intro']}</p>
      <PlanLegend />
      <div className="plan-search">
        <SearchBox value={term} onChange={setTerm} placeholder={text['plan.search']} label={text['plan.searchLabel']} />
        <SearchResult search={search} />
      </div>
      {plan.state === 'loading' && <Loading page />}
      {plan.state === 'error' && <ErrorMessage text={pt['public.loadError']} onRetry={plan.reload} />}
      {plan.state === 'done' && plan.data.bones.length === 0 && plan.data.sections.every((s) => s.rows.length === 0) && (
        <p className="message">{emptyRegisterText['empty.register']}</p>
      )}
      {plan.state === 'done' && (
        <>
          <div className="plan-sections">
            {plan.data.sections.map((section) => (
              <SectionPlan key={section.gender} section={section} found={found} drawn={drawn} />
            ))}
          </div>
          <BonesPlan bones={plan.data.bones} found={found} />
          <PlanInWords sections={plan.data.sections} />
          <CodeHint />
        </>
      )}
    </section>
  );
}

/** Blocks drawn by the server (and in the render that takes its page over): the first screen of each section. */
const FIRST_BLOCKS = 1;

/**
 * How many blocks of each section are drawn: FIRST_BLOCKS as the server drew them, then one more of each section
 * per task once the page is shown, so that no task is long (a tap is answered in between) and the server's page
 * stays small: the whole plan of 3,000 graves is 45 KB with brotli, its first screen and data some 9 KB.
 */
function useDrawnBlocks(total: number): number {
  const [drawn, setDrawn] = useState(FIRST_BLOCKS);
  useEffect(() => {
    if (drawn >= total) return;
    const timer = setTimeout(() => setDrawn((n) => n + 1), 0);
    return () => clearTimeout(timer);
  }, [drawn, total]);
  return drawn;
}

function SectionPlan({ section, found, drawn }: { section: PlanSection; found: ReadonlySet<string>; drawn: number }) {
  const id = `plan-${section.gender}`;
  const blocks = useMemo(() => blocksOf(section), [section]);
  return (
    <section className="plan-section" aria-labelledby={id}>
      <h2 id={id}>{sectionName(section.gender)}</h2>
      {section.rows.length === 0 && <p className="muted">{text['plan.sectionEmpty']}</p>}
      {blocks.map((rows, i) => (
        <PlanBlock key={rows[0]!.from} gender={section.gender} rows={rows} found={found} drawn={i < drawn} />
      ))}
    </section>
  );
}

/**
 * A block of rows as the markup planDrawing built: hydrated as the server drew it, redrawn whole when the marked
 * graves change. Not drawn yet, it is an empty box of its size, so nothing below it moves when it is.
 */
const PlanBlock = memo(function PlanBlock({
  gender,
  rows,
  found,
  drawn,
}: {
  gender: PlanSection['gender'];
  rows: PlanRowDrawn[];
  found: ReadonlySet<string>;
  drawn: boolean;
}) {
  const html = useMemo(
    () => (drawn ? { __html: blockSvg(gender, rows, { hrefOf, found }) } : undefined),
    [drawn, gender, rows, found],
  );
  // Sized by its drawing's proportions whether drawn or not (and whether on screen or not: content-visibility).
  const { width, height } = blockSize(rows);
  return <div className="plan-block" style={{ width, aspectRatio: `${width} / ${height}` }} dangerouslySetInnerHTML={html} />;
});

function BonesPlan({ bones, found }: { bones: PlanAnswer['bones']; found: ReadonlySet<string> }) {
  if (bones.length === 0) return null;
  return (
    <section className="plan-section plan-bones" aria-labelledby="plan-bones">
      <h2 id="plan-bones">{sectionName('bones')}</h2>
      <ul>
        {bones.map((b) => (
          <li key={b.number}>
            <a href={hrefOf('bones', b.number)} className={found.has(foundKey('bones', b.number)) ? 'hit' : undefined}>
              {fill(text['plan.bonesCount'], {
                label: formatGraveNumber(b.number),
                remains: formatCount(b.count, remainsNoun),
              })}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What a grave's code is (said on the phone) and its short address (typed from its plate). */
function CodeHint() {
  const hint = planCodeHint(useIdentity().identity.siteUrl);
  return (
    <p className="plan-code muted">
      {hint.before}
      <bdi dir="ltr">{hint.address}</bdi>
      {hint.after}
    </p>
  );
}

/** The plan in words: every row and the numbers of each status, for a screen reader or a reader of text. */
function PlanInWords({ sections }: { sections: PlanSection[] }) {
  // Written out when opened: three hundred rows in words would double the page the server sends. Opened before
  // the script took the page over, it is written out as soon as it has.
  const [open, setOpen] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (details.current?.open) setOpen(true);
  }, []);
  return (
    <details ref={details} className="plan-text" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{text['plan.textTitle']}</summary>
      {open &&
        sections.map((section) => (
        <section key={section.gender} aria-label={sectionName(section.gender)}>
          <h3>{sectionName(section.gender)}</h3>
          <ul>
            {section.rows.map((row) => {
              const words = rowInWords(row);
              return (
                <li key={row.from}>
                  <strong>{words.title}</strong>: {words.parts.join('؛ ')}
                </li>
              );
            })}
          </ul>
        </section>
        ))}
    </details>
  );
}

type PlanSearch = { state: 'idle' } | { state: 'error' } | { state: 'done'; matches: SearchMatch[] };

/** The register's name search, asked a moment after the visitor stops typing. */
function usePlanSearch(term: string): PlanSearch {
  const [result, setResult] = useState<PlanSearch>({ state: 'idle' });
  useEffect(() => {
    const q = term.trim();
    if (q === '') {
      setResult({ state: 'idle' });
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      call<SearchMatch[]>(paths.search(q)).then(
        (matches) => live && setResult({ state: 'done', matches }),
        () => live && setResult({ state: 'error' }),
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [term]);
  return result;
}

function SearchResult({ search }: { search: PlanSearch }) {
  if (search.state === 'idle') return <p className="plan-found" aria-live="polite" />;
  if (search.state === 'error')
    return (
      <p className="plan-found message-error" aria-live="polite">
        {pt['public.loadError']}
      </p>
    );
  const graves = new Set(search.matches.map((m) => foundKey(m.grave.gender, m.grave.number)));
  return (
    <div className="plan-found" aria-live="polite">
      <p>
        {search.matches.length === 0
          ? text['plan.searchNone']
          : fill(text['plan.searchFound'], { count: formatCount(graves.size, 'grave') })}
      </p>
      {search.matches.length > 0 && (
        <ul>
          {search.matches.slice(0, 5).map((m) => (
            <li key={m.person._id}>
              <a href={hrefOf(m.grave.gender, m.grave.number)}>
                {m.person.name} — {gravePlace(m.grave)}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
