// Who may do what: one table read by the server's guards and the console's canAccess.
import type { Role } from './types';

export const RESOURCES = [
  'graves',
  'burials',
  'suggestions',
  'articles',
  'users',
  'password',
  'audit',
  'import',
] as const;
export type Resource = (typeof RESOURCES)[number];
export const ACTIONS = ['list', 'show', 'create', 'edit', 'delete', 'export'] as const;
export type Action = (typeof ACTIONS)[number];

const ALL: readonly Action[] = ACTIONS;

/**
 * admin keeps graves and burials (and its own password); manager keeps everything.
 * What an admin may do with `password` is narrowed further by the server: only its own account.
 */
export const POLICY: Record<Role, Partial<Record<Resource, readonly Action[]>>> = {
  admin: {
    graves: ALL,
    burials: ALL,
    password: ['edit'],
  },
  manager: {
    graves: ALL,
    burials: ALL,
    suggestions: ALL,
    articles: ALL,
    users: ALL,
    password: ['edit'],
    audit: ['list', 'show', 'export'],
    // A spreadsheet import writes hundreds of burials at once, and its undo removes them: the manager's.
    import: ['list', 'create', 'delete'],
  },
};

export function can(role: Role | null | undefined, resource: Resource, action: Action = 'list'): boolean {
  if (!role) return false;
  return POLICY[role]?.[resource]?.includes(action) ?? false;
}
