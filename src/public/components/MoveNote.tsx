// Beside a person whose remains were moved to the ossuary in the home search's answers: its own chunk,
// fetched the first time such an answer is drawn (few are), so the home page's download does not carry the moves'
// wording (the home page's budget, tests/public/bundle-budget.test.ts).
import { movedFromText } from '../../domain/rules/graveMoves';
import type { GraveMove } from '../../domain/types';

export default function MoveNote({ move }: { move: GraveMove }) {
  return <span className="result-note move-note">{movedFromText(move)}</span>;
}
