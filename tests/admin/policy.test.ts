// The role policy table that the server's guards and the console's canAccess and menu share.
import { describe, expect, it } from 'vitest';
import { ACTIONS, can, POLICY, RESOURCES } from '../../src/domain/rules/policy';
import { MENU_ITEMS } from '../../src/admin/layout/AdminMenu';

describe('role policy', () => {
  it('admin keeps graves and burials (and its own password), nothing else', () => {
    for (const action of ACTIONS) {
      expect(can('admin', 'graves', action)).toBe(true);
      expect(can('admin', 'burials', action)).toBe(true);
      for (const resource of ['suggestions', 'articles', 'users', 'audit'] as const) {
        expect(can('admin', resource, action)).toBe(false);
      }
    }
    expect(can('admin', 'password', 'edit')).toBe(true);
  });

  it('manager keeps everything the console shows', () => {
    for (const resource of ['graves', 'burials', 'suggestions', 'articles', 'users'] as const) {
      for (const action of ACTIONS) expect(can('manager', resource, action)).toBe(true);
    }
    expect(can('manager', 'password', 'edit')).toBe(true);
  });

  it('clerk (data entry) adds and corrects graves and burials, never deletes, imports, moves remains or sees more', () => {
    for (const resource of ['graves', 'burials'] as const) {
      for (const action of ['list', 'show', 'create', 'edit'] as const)
        expect(can('clerk', resource, action)).toBe(true);
      expect(can('clerk', resource, 'delete')).toBe(false);
    }
    expect(can('clerk', 'graves', 'export')).toBe(true);
    expect(can('clerk', 'password', 'edit')).toBe(true);
    expect(can('clerk', 'plan', 'list')).toBe(true);
    expect(can('clerk', 'plan', 'edit')).toBe(false);
    for (const resource of ['suggestions', 'articles', 'users', 'audit', 'reopen', 'imports', 'transfers'] as const) {
      for (const action of ACTIONS) expect(can('clerk', resource, action)).toBe(false);
    }
  });

  it('clerk holds nothing beyond what its own entry names (a new resource is refused to it)', () => {
    const granted = Object.entries(POLICY.clerk).flatMap(([resource, actions]) =>
      (actions ?? []).map((action) => `${resource}.${action}`),
    );
    expect(granted.sort()).toEqual(
      [
        'burials.create',
        'burials.edit',
        'burials.list',
        'burials.show',
        'graves.create',
        'graves.edit',
        'graves.export',
        'graves.list',
        'graves.show',
        'password.edit',
        'plan.list',
        'plan.show',
        // Data entry reads the death notices in the console, never writes them.
        'notices.list',
        'notices.show',
        // Data entry sees a grave's photos and adds its own; approving, the first photo, deleting are not its.
        'photos.create',
        'photos.list',
        'photos.show',
      ].sort(),
    );
  });

  it("corrections are the manager's and the admin's alone; photos: a clerk lists and adds, never decides", () => {
    for (const action of ACTIONS) {
      expect(can('manager', 'corrections', action)).toBe(true);
      expect(can('admin', 'corrections', action)).toBe(true);
      expect(can('clerk', 'corrections', action)).toBe(false);
      expect(can('manager', 'photos', action)).toBe(true);
      expect(can('admin', 'photos', action)).toBe(true);
    }
    for (const action of ['list', 'show', 'create'] as const) expect(can('clerk', 'photos', action)).toBe(true);
    for (const action of ['edit', 'delete', 'export'] as const) expect(can('clerk', 'photos', action)).toBe(false);
  });

  it('nobody without a role', () => {
    for (const resource of RESOURCES) for (const action of ACTIONS) expect(can(null, resource, action)).toBe(false);
  });

  it('every resource of the table is known', () => {
    for (const role of Object.keys(POLICY) as Array<keyof typeof POLICY>) {
      for (const resource of Object.keys(POLICY[role])) expect(RESOURCES).toContain(resource);
    }
  });

  it('the menu shows an admin and a clerk the graves, the ways to add graves and burials, the plates, the notices and their password; an admin the corrections and photos too', () => {
    const adminMenu = MENU_ITEMS.filter((item) => can('admin', item.resource, item.action)).map((item) => item.to);
    expect(adminMenu).toEqual([
      '/admin/graves',
      '/admin/graves/create',
      '/admin/graves-range',
      '/admin/ledger',
      '/admin/plan',
      '/admin/plate-sheets',
      '/admin/corrections',
      '/admin/photos',
      '/admin/notices',
      '/admin/statistics',
      '/admin/statistics/register-book',
      '/admin/password',
    ]);
    // The planning page is the committee's (managers and admins); the register book every staff role's.
    const clerkMenu = MENU_ITEMS.filter((item) => can('clerk', item.resource, item.action)).map((item) => item.to);
    // Data entry decides neither families' corrections nor their photos.
    expect(clerkMenu).toEqual(
      adminMenu.filter((to) => to !== '/admin/corrections' && to !== '/admin/photos' && to !== '/admin/statistics'),
    );
    const managerMenu = MENU_ITEMS.filter((item) => can('manager', item.resource, item.action));
    expect(managerMenu).toHaveLength(MENU_ITEMS.length);
  });
});
