// Recognising a unique-constraint violation on either engine (a race the pre-check cannot close).
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || e?.code === '23505';
}

/**
 * PostgreSQL refusing a text it cannot hold (NUL: 22021 character_not_in_repertoire; 22P05 untranslatable
 * character). The input rules (src/domain/text/textRules.ts) keep such text out at every entry; this is the net under
 * them, so a path they miss answers a refusal, not a failure.
 */
export function isUnstorableText(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return e?.code === '22021' || e?.code === '22P05';
}
