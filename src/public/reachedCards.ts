// The grave cards a visitor reached for in this visit (touched, hovered, clicked): a grave's page opened from one
// shows what the card said (the grave's name and status) at once, while the grave's own answer travels.
import type { GraveCardData } from '../domain/types';

/** Newest last: a pointer passing over a long list keeps only the last few. */
const reached = new Map<string, GraveCardData>();
const KEPT = 20;

export function rememberCard(card: GraveCardData): void {
  reached.delete(card._id);
  reached.set(card._id, card);
  if (reached.size > KEPT) reached.delete(reached.keys().next().value!);
}

/** What the card of this grave said, when the visitor came from one (else undefined). */
export function cardOfGrave(graveId: string): GraveCardData | undefined {
  return reached.get(graveId);
}
