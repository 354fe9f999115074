// Who may do what: one table read by the server's guards and the console's canAccess.
import type { Role } from '../types';

export const RESOURCES = [
  'graves',
  'burials',
  'suggestions',
  'articles',
  'users',
  'password',
  'audit',
  'reopen',
  'imports',
  'plan',
  // Moving remains to the ossuary; undoing a transfer or a deletion from the audit; moving one still
  // resting (with a written reason).
  'transfers',
  'undo',
  'restOverride',
  // The village's identity (name, texts, contacts, colour, logo).
  'settings',
  // Death notices (the public reads the current ones without a session).
  'notices',
  // Families' corrections of a burial (the queue, applying, rejecting); photos of graves.
  'corrections',
  'photos',
  // The committee's planning: the capacity forecast and the years in pictures.
  'statistics',
] as const;
export type Resource = (typeof RESOURCES)[number];
export const ACTIONS = ['list', 'show', 'create', 'edit', 'delete', 'export'] as const;
export type Action = (typeof ACTIONS)[number];

const ALL: readonly Action[] = ACTIONS;

/**
 * admin keeps graves and burials (and its own password); manager keeps everything. Graves by range and burials typed
 * from the ledger are graves' and burials' creation; importing a file and undoing a batch (`imports`) are the
 * manager's, since they change the register by the thousand.
 * What an admin may do with `password` is narrowed further by the server: only its own account.
 *
 * clerk (data entry, إدخال بيانات) adds and corrects graves and burials through the forms, the ledger, the batch call
 * and graves by range (graves' creation), and reads the console (lists, the register's CSV, the plan, its own password); it may not
 * import a file, delete, move remains, undo, or see accounts, settings, suggestions, articles or the audit.
 * Its entry names what it may do, never ALL: a resource or action added later is refused to it until given here.
 */
export const POLICY: Record<Role, Partial<Record<Resource, readonly Action[]>>> = {
  clerk: {
    // export: the register's CSV, a read of what it may list (the audit's CSV stays the manager's).
    graves: ['list', 'show', 'create', 'edit', 'export'],
    burials: ['list', 'show', 'create', 'edit'],
    password: ['edit'],
    plan: ['list', 'show'],
    // Reads every notice in the console (past and hidden), never publishes, changes or deletes one.
    notices: ['list', 'show'],
    // Adds photos of a grave from the console (shown at once, as any staff photo); approving a family's,
    // choosing the first and deleting are the admin's and the manager's.
    photos: ['list', 'show', 'create'],
  },
  admin: {
    graves: ALL,
    burials: ALL,
    password: ['edit'],
    plan: ['list', 'show'],
    // Moving remains to the bone section (it cannot be retyped): not a correction of a burial.
    transfers: ['create'],
    // Publishing a death notice (and recording its burial) is the committee's daily work.
    notices: ALL,
    // The corrections families send are burials' corrections, the admin's daily work; so are photos.
    corrections: ALL,
    photos: ALL,
    // When each section fills and the years in pictures: the committee's planning, not data entry's.
    statistics: ['list'],
  },
  manager: {
    graves: ALL,
    burials: ALL,
    suggestions: ALL,
    articles: ALL,
    users: ALL,
    password: ['edit'],
    audit: ['list', 'show', 'export'],
    // Clearing a full mark lets a grave take burials again: the manager's decision, with a reason.
    reopen: ['edit'],
    imports: ['list', 'show', 'create', 'delete'],
    // Naming the plan's rows changes how every grave is found on the ground: the manager's.
    plan: ['list', 'show', 'edit'],
    // Moving remains is staff work; moving one still resting, and undoing what cannot be retyped, the
    // manager's alone.
    transfers: ['create'],
    undo: ['create'],
    restOverride: ['create'],
    settings: ['show', 'edit'],
    notices: ALL,
    corrections: ALL,
    photos: ALL,
    statistics: ['list'],
  },
};

export function can(role: Role | null | undefined, resource: Resource, action: Action = 'list'): boolean {
  if (!role) return false;
  return POLICY[role]?.[resource]?.includes(action) ?? false;
}

/**
 * Whether a role sees the phone numbers families leave with what they send (a suggestion, a correction, a photo):
 * the roles that answer families, those who work through their corrections. Data entry sees none of them: it opens
 * neither suggestions nor corrections, and a photo's sender is shown to it by name only.
 */
export function seesFamilyPhones(role: Role | null | undefined): boolean {
  return can(role, 'corrections', 'list');
}
