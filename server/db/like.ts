// A portable "column contains text" test: LIKE with an explicit escape character, the same on SQLite and PostgreSQL.
import { sql, type RawBuilder } from 'kysely';

export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function likeContains(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} like ${containsPattern(text)} escape '\\'`;
}
