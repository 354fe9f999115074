// Pure pieces of the public site: route matching, the menu by role (spec section 2), and how graves read in Arabic.
import { describe, expect, it } from 'vitest';
import { navFor } from '../../src/public/layout/Layout';
import { availabilityText, graveTitle, graveWhere } from '../../src/public/graveText';
import { matchPath } from '../../src/public/router';
import { fill } from '../../src/public/text';

describe('matchPath', () => {
  it('matches static paths case-insensitively and reads parameters', () => {
    expect(matchPath('/', '/')).toEqual({});
    expect(matchPath('/man', '/man')).toEqual({});
    expect(matchPath('/MemorialPage', '/memorialpage')).toEqual({});
    expect(matchPath('/grave-details-user/:graveId', '/grave-details-user/ab%20c')).toEqual({ graveId: 'ab c' });
    expect(matchPath('/graves/:graveId', '/graves/1/2')).toBeNull();
    expect(matchPath('/man', '/woman')).toBeNull();
    expect(matchPath('/ArticleDetail/:id', '/ArticleDetail/%E0%A4%A')).toBeNull();
  });
});

describe('navFor (spec section 2, navigation by state, with the plan after the sections)', () => {
  const labels = (role: Parameters<typeof navFor>[0]) => navFor(role).map((i) => [i.label, i.to]);

  it('offers the public pages and login when logged out', () => {
    expect(labels(null)).toEqual([
      ['الرئيسية', '/'],
      ['مقابر الرجال', '/man'],
      ['مقابر النساء', '/woman'],
      ['مقابر العظام', '/bones'],
      ['مخطط المقابر', '/plan'],
      ['تواصل معنا', '/contact'],
      ['اقتراحات الأهالي', '/approved'],
      ['تسجيل الدخول', '/login'],
    ]);
  });

  it('adds the console pages of each role', () => {
    expect(labels('admin')).toEqual([
      ['الرئيسية', '/'],
      ['إضافة مقبرة', '/admin/graves/create'],
      ['عرض المقابر', '/admin/graves'],
      ['مقابر الرجال', '/man'],
      ['مقابر النساء', '/woman'],
      ['مقابر العظام', '/bones'],
      ['مخطط المقابر', '/plan'],
      ['تواصل معنا', '/contact'],
      ['اقتراحات الأهالي', '/approved'],
    ]);
    expect(labels('manager')).toEqual([
      ['الرئيسية', '/'],
      ['مقابر الرجال', '/man'],
      ['مقابر النساء', '/woman'],
      ['مقابر العظام', '/bones'],
      ['مخطط المقابر', '/plan'],
      ['المقالات', '/admin/articles'],
      ['اقتراحات الأهالي', '/approved'],
      ['إدارة الاقتراحات', '/admin/suggestions'],
      ['إضافة مقبرة', '/admin/graves/create'],
      ['عرض المقابر', '/admin/graves'],
      ['إضافة مشرف', '/admin/users/create'],
      ['تغيير كلمة المرور', '/admin/password'],
    ]);
  });
});

describe('grave wording', () => {
  it('names numbered graves and bone sections', () => {
    expect(graveTitle(12)).toBe('مقبرة رقم ١٢');
    expect(graveTitle('المرحلة الثانية')).toBe('المرحلة الثانية');
    expect(graveWhere(7)).toBe('في المقبرة رقم ٧');
    expect(graveWhere('المرحلة الأولى (٢٩٤ - ٢٩٨)')).toBe('في المرحلة الأولى (٢٩٤ - ٢٩٨)');
  });

  it('says when a grave is available, with Arabic plurals of days', () => {
    expect(availabilityText({ status: 'متاحة', daysUntilAvailable: 0 })).toBe('متاحة الآن');
    expect(availabilityText({ status: 'غير متاحة', daysUntilAvailable: 1 })).toBe('متاحة بعد يوم واحد');
    expect(availabilityText({ status: 'غير متاحة', daysUntilAvailable: 2 })).toBe('متاحة بعد يومين');
    expect(availabilityText({ status: 'غير متاحة', daysUntilAvailable: 3 })).toBe('متاحة بعد ٣ أيام');
    expect(availabilityText({ status: 'غير متاحة', daysUntilAvailable: 11 })).toBe('متاحة بعد ١١ يومًا');
    expect(availabilityText({ status: 'غير متاحة', daysUntilAvailable: 100 })).toBe('متاحة بعد ١٠٠ يوم');
    expect(availabilityText({ status: 'ممتلئة', daysUntilAvailable: null })).toBeNull();
    expect(availabilityText({ status: 'غير متاحة', daysUntilAvailable: null })).toBeNull();
  });

  it('fills placeholders', () => {
    expect(fill('مقبرة رقم {n} {other}', { n: '٣' })).toBe('مقبرة رقم ٣ {other}');
  });
});
