// The console menu's choice of the one current entry, and the public page of what is on screen.
import { describe, expect, it } from 'vitest';
import { currentMenuEntry, MENU_ITEMS, publicPageOf } from '../../src/admin/layout/AdminMenu';
import { can } from '../../src/domain/rules/policy';
import { consolePaths } from '../../src/domain/paths/consolePaths';
import { messages as m } from '../../src/domain/messages';

const ENTRIES = [
  consolePaths.dashboard(),
  consolePaths.graves(),
  consolePaths.createGrave(),
  consolePaths.users(),
  consolePaths.createUser(),
];

describe('currentMenuEntry', () => {
  it('lights the longest entry the address begins with, the dashboard only on itself', () => {
    expect(currentMenuEntry('/admin', ENTRIES)).toBe('/admin');
    expect(currentMenuEntry('/admin/', ENTRIES)).toBe('/admin');
    expect(currentMenuEntry('/admin/graves', ENTRIES)).toBe('/admin/graves');
    expect(currentMenuEntry('/admin/graves/create', ENTRIES)).toBe('/admin/graves/create');
    expect(currentMenuEntry('/admin/graves/abc/show', ENTRIES)).toBe('/admin/graves');
    expect(currentMenuEntry('/admin/users/create', ENTRIES)).toBe('/admin/users/create');
    // A page of no entry (here the audit trail, not in this list) lights the dashboard, never two entries.
    expect(currentMenuEntry('/admin/audit', ENTRIES)).toBe('/admin');
    expect(currentMenuEntry('/admin/gravesx', ENTRIES)).toBe('/admin');
  });
});

describe('publicPageOf', () => {
  it('gives the public page of the grave or article on screen, and nothing elsewhere', () => {
    expect(publicPageOf('/admin/graves/a1/show')).toEqual({
      href: '/grave-details-user/a1',
      label: m['admin.viewGrave'],
    });
    expect(publicPageOf('/admin/graves/a1/bury')?.href).toBe('/grave-details-user/a1');
    expect(publicPageOf('/admin/articles/b2')).toEqual({ href: '/ArticleDetail/b2', label: m['admin.viewArticle'] });
    expect(publicPageOf('/admin/articles/b2/show')?.href).toBe('/ArticleDetail/b2');
    expect(publicPageOf('/admin/graves/create')).toBeNull();
    expect(publicPageOf('/admin/articles/create')).toBeNull();
    expect(publicPageOf('/admin/graves')).toBeNull();
    expect(publicPageOf('/admin')).toBeNull();
  });
});

describe('the notices entry', () => {
  const labelsOf = (role: 'manager' | 'admin' | 'clerk') =>
    MENU_ITEMS.filter((item) => can(role, item.resource, item.action)).map((item) => item.label);

  it('is offered to every staff role, after the articles', () => {
    for (const role of ['manager', 'admin', 'clerk'] as const)
      expect(labelsOf(role)).toContain(m['noticesConsole.menu']);
    const manager = labelsOf('manager');
    expect(manager.indexOf(m['noticesConsole.menu'])).toBe(manager.indexOf(m['nav.articles']) + 1);
    expect(MENU_ITEMS.find((item) => item.label === m['noticesConsole.menu'])?.to).toBe(consolePaths.notices());
  });

  it('links an open notice to its public page', () => {
    expect(publicPageOf('/admin/notices/n1')).toEqual({ href: '/notices/n1', label: m['noticesConsole.viewPublic'] });
    expect(publicPageOf('/admin/notices/create')).toBeNull();
    expect(publicPageOf('/admin/notices')).toBeNull();
  });
});

describe('the plate sheets entry', () => {
  it('is offered to every role that lists the graves, after the plan', () => {
    for (const role of ['manager', 'admin', 'clerk'] as const) {
      const labels = MENU_ITEMS.filter((item) => can(role, item.resource, item.action)).map((item) => item.label);
      expect(labels.indexOf(m['plateSheets.title'])).toBe(labels.indexOf(m['plan.consoleTitle']) + 1);
    }
    expect(MENU_ITEMS.find((item) => item.label === m['plateSheets.title'])?.to).toBe(consolePaths.plateSheets());
  });

  it('takes the chosen graves and the size in its address', () => {
    expect(consolePaths.plateSheets()).toBe('/admin/plate-sheets');
    expect(consolePaths.plateSheets({ ids: ['a1', 'b 2'], size: 'sticker' })).toBe(
      '/admin/plate-sheets?id=a1&id=b+2&size=sticker',
    );
  });
});

describe('the corrections entry', () => {
  const labelsOf = (role: 'manager' | 'admin' | 'clerk') =>
    MENU_ITEMS.filter((item) => can(role, item.resource, item.action)).map((item) => item.label);

  it('is offered to managers and admins, never to a clerk', () => {
    expect(labelsOf('manager')).toContain(m['correctionsConsole.menu']);
    expect(labelsOf('admin')).toContain(m['correctionsConsole.menu']);
    expect(labelsOf('clerk')).not.toContain(m['correctionsConsole.menu']);
    expect(MENU_ITEMS.find((item) => item.label === m['correctionsConsole.menu'])?.to).toBe(consolePaths.corrections());
  });

  it('lights the queue on its own page', () => {
    const entries = MENU_ITEMS.map((item) => item.to);
    expect(currentMenuEntry('/admin/corrections', [consolePaths.dashboard(), ...entries])).toBe('/admin/corrections');
  });
});
