// The pure rules of the open formats: where a register name has its family name, GEDCOM 7's lines, dates and
// names, and a grave as a GeoJSON feature.
import { describe, expect, it } from 'vitest';
import { splitFamilyName } from '../../src/domain/export/familyName';
import {
  burialPlace,
  GEDCOM_TRAILER,
  gedcomDate,
  gedcomExactDate,
  gedcomHead,
  gedcomIndividual,
  gedcomLines,
  gedcomName,
  gedcomPlace,
  gedcomPointer,
  gedcomXref,
} from '../../src/domain/export/gedcom';
import { FEATURE_COLLECTION, graveFeature } from '../../src/domain/export/geojson';

describe('the family name, where the register knows it', () => {
  it.each([
    // given father grandfather family
    ['محمد أحمد علي الفقي', 'محمد أحمد علي', 'الفقي'],
    // four units without the article: the fourth is the family
    ['محمد أحمد علي حسن', 'محمد أحمد علي', 'حسن'],
    // three units: the last is the family, with the article or without
    ['فاطمة محمد الفقي', 'فاطمة محمد', 'الفقي'],
    ['محمد أحمد آل الفقي', 'محمد أحمد', 'آل الفقي'],
    // compounds are one unit, kept whole
    ['عبد الله محمد عبد الرحمن', 'عبد الله محمد', 'عبد الرحمن'],
    ['عبد الله محمد نور الدين أبو زيد', 'عبد الله محمد نور الدين', 'أبو زيد'],
    ['محمد جاد الله أحمد عبد العزيز', 'محمد جاد الله أحمد', 'عبد العزيز'],
    // lineage words do not count, and the word after one is a father
    ['حسن بن علي', null, null],
    ['حسن بن علي بن محمد', null, null],
    ['حسن بن علي محمد الفقي', 'حسن بن علي محمد', 'الفقي'],
    // honorifics before the name do not count
    ['المرحوم محمد أحمد علي', 'المرحوم محمد أحمد', 'علي'],
    ['المرحوم محمد أحمد', null, null],
    ['الحاج محمد أحمد علي الشيخ', 'الحاج محمد أحمد علي', 'الشيخ'],
    // family names without the article, and compounds (أبو زيد, عبد الغني)
    ['محمد أحمد منصور', 'محمد أحمد', 'منصور'],
    ['فاطمة محمود عطية', 'فاطمة محمود', 'عطية'],
    ['سعاد علي شلبي', 'سعاد علي', 'شلبي'],
    ['حسن محمد أبو زيد', 'حسن محمد', 'أبو زيد'],
    ['عبد الله أحمد عبد الغني', 'عبد الله أحمد', 'عبد الغني'],
    ['محمد أحمد علي', 'محمد أحمد', 'علي'],
    // two units: the article says a family; without it the second is the father
    ['محمد الفقي', 'محمد', 'الفقي'],
    ['محمد أحمد', null, null],
    ['محمد', null, null],
  ])('%s', (name, before, family) => {
    const split = splitFamilyName(name);
    expect(split.family).toBe(family);
    expect(split.beforeFamily).toBe(before ?? '');
    expect(split.whole).toBe(name);
  });

  it('tidies spaces and names the given name (a compound whole)', () => {
    expect(splitFamilyName('  عبد   الله  محمد أحمد الفقي ')).toEqual({
      whole: 'عبد الله محمد أحمد الفقي',
      given: 'عبد الله',
      beforeFamily: 'عبد الله محمد أحمد',
      family: 'الفقي',
    });
    expect(splitFamilyName('المرحومة فاطمة').given).toBe('فاطمة');
  });
});

describe('GEDCOM 7 lines', () => {
  it('writes level, xref, tag and payload, the tag alone when there is no payload', () => {
    expect(gedcomLines(0, 'HEAD')).toEqual(['0 HEAD']);
    expect(gedcomLines(0, 'INDI', null, '@I1@')).toEqual(['0 @I1@ INDI']);
    expect(gedcomLines(2, 'VERS', '7.0')).toEqual(['2 VERS 7.0']);
    expect(gedcomPointer(1, 'SUBM', '@U1@')).toBe('1 SUBM @U1@');
    expect(gedcomXref('I', 12)).toBe('@I12@');
    expect(GEDCOM_TRAILER).toBe('0 TRLR');
  });

  it('never holds a line break: the rest continues on CONT lines one level deeper', () => {
    expect(gedcomLines(1, 'NOTE', 'سطر أول\r\nسطر ثان\n\nبعد سطر فارغ\rأخير')).toEqual([
      '1 NOTE سطر أول',
      '2 CONT سطر ثان',
      '2 CONT',
      '2 CONT بعد سطر فارغ',
      '2 CONT أخير',
    ]);
  });

  it('doubles an "@" that starts a payload (a continued one too), and only that one', () => {
    expect(gedcomLines(1, 'NOTE', '@home')).toEqual(['1 NOTE @@home']);
    expect(gedcomLines(1, 'NOTE', 'a@b\n@c')).toEqual(['1 NOTE a@b', '2 CONT @@c']);
  });

  it('leaves out the characters GEDCOM bans, and refuses a malformed tag, level or xref', () => {
    expect(gedcomLines(1, 'NOTE', 'a\u0000b\u0007c\u007fd\ufffee\ud800f\tg')).toEqual(['1 NOTE abcdef\tg']);
    expect(() => gedcomLines(1, 'note')).toThrow();
    expect(() => gedcomLines(-1, 'NOTE')).toThrow();
    expect(() => gedcomLines(0, 'INDI', null, 'I1')).toThrow();
    expect(() => gedcomLines(0, 'INDI', null, '@VOID@')).toThrow();
    expect(() => gedcomPointer(1, 'SUBM', 'U1')).toThrow();
    expect(gedcomLines(1, '_EXT', 'x')).toEqual(['1 _EXT x']);
  });
});

describe('GEDCOM dates', () => {
  it('a whole day, a month, a year alone', () => {
    expect(gedcomExactDate('2006-03-14')).toBe('14 MAR 2006');
    expect(gedcomExactDate('2006-12-01')).toBe('1 DEC 2006');
    expect(gedcomDate('2006-03-14')).toEqual({ value: '14 MAR 2006', phrase: null });
    expect(gedcomDate('2006-03-31', 'month')).toEqual({ value: 'MAR 2006', phrase: null });
    expect(gedcomDate('2006-12-31', 'year')).toEqual({ value: '2006', phrase: null });
  });

  it('a Hijri month or year: the Gregorian days it spans, and the ledger words in the phrase', () => {
    // Ramadan 1425 AH: 15 October – 13 November 2004 (stored as its last day).
    expect(gedcomDate('2004-11-13', 'hijriMonth')).toEqual({
      value: 'BET 15 OCT 2004 AND 13 NOV 2004',
      phrase: 'رمضان ١٤٢٥ هـ',
    });
    // 1425 AH (Umm al-Qura, the register's calendar): 21 February 2004 – 9 February 2005.
    expect(gedcomDate('2005-02-09', 'hijriYear')).toEqual({
      value: 'BET 21 FEB 2004 AND 9 FEB 2005',
      phrase: '١٤٢٥ هـ',
    });
  });
});

describe('GEDCOM names and places', () => {
  it('marks the family name between slashes, with GIVN and SURN', () => {
    expect(gedcomName('محمد أحمد علي الفقي')).toEqual({
      payload: 'محمد أحمد علي /الفقي/',
      given: 'محمد',
      surname: 'الفقي',
    });
    expect(gedcomName('حسن بن علي')).toEqual({ payload: 'حسن بن علي', given: 'حسن', surname: null });
    // A slash or a tab cannot be in a GEDCOM name.
    expect(gedcomName('محمد/أحمد\tعلي').payload).toBe('محمد أحمد /علي/');
  });

  it('names the grave, the section, the cemetery and the village, smallest first', () => {
    expect(gedcomPlace(burialPlace('men', 317, 'مقابر السنابل', 'السنابل'))).toBe(
      'مقبرة رقم ٣١٧, قسم الرجال, مقابر السنابل, السنابل',
    );
    expect(gedcomPlace(burialPlace('women', 5, 'مقابر, القرية', ''))).toBe('مقبرة رقم ٥, قسم النساء, مقابر، القرية');
  });

  it('writes one burial as an INDI record', () => {
    const lines = gedcomIndividual({
      xref: '@I1@',
      id: 'A1B2C3D4-0000-4000-8000-000000000001',
      name: 'محمد أحمد علي الفقي',
      date: '2006-03-14',
      precision: 'day',
      gender: 'bones',
      place: ['مقبرة رقم ع3', 'قسم العظام', 'مقابر السنابل'],
      position: { latitude: -30.1, longitude: -31.2 },
      address: 'https://maqaber.example.org/g/b3',
    });
    expect(lines).toEqual([
      '0 @I1@ INDI',
      '1 NAME محمد أحمد علي /الفقي/',
      '2 GIVN محمد',
      '2 SURN الفقي',
      '1 SEX U',
      '1 BURI',
      '2 DATE 14 MAR 2006',
      '2 PLAC مقبرة رقم ع3, قسم العظام, مقابر السنابل',
      '3 MAP',
      '4 LATI S30.1',
      '4 LONG W31.2',
      '2 NOTE https://maqaber.example.org/g/b3',
      '1 UID a1b2c3d4-0000-4000-8000-000000000001',
    ]);
  });

  it('writes the header with GEDC/VERS 7.0 and the submitter it points at', () => {
    expect(gedcomHead({ today: '2026-03-10', submitter: 'مقابر السنابل', submitterXref: '@U1@' })).toEqual([
      '0 HEAD',
      '1 GEDC',
      '2 VERS 7.0',
      '1 SOUR CEMETERY_REGISTER',
      '2 NAME سجل المقابر',
      '1 DATE 10 MAR 2026',
      '1 SUBM @U1@',
      '1 LANG ar',
      '0 @U1@ SUBM',
      '1 NAME مقابر السنابل',
    ]);
  });
});

describe('a grave as a GeoJSON feature', () => {
  const grave = {
    id: 'g1',
    gender: 'men' as const,
    number: 317,
    status: 'متاحة',
    burials: 2,
    address: 'https://maqaber.example.org/g/m317',
  };

  it('a Point with the longitude first', () => {
    expect(graveFeature({ ...grave, latitude: '30.1', longitude: '31.2' })).toEqual({
      type: 'Feature',
      id: 'g1',
      geometry: { type: 'Point', coordinates: [31.2, 30.1] },
      properties: {
        section: 'men',
        number: 317,
        status: 'متاحة',
        shortAddress: 'https://maqaber.example.org/g/m317',
        burials: 2,
      },
    });
  });

  it('a null geometry without a position, or with one out of range', () => {
    expect(graveFeature({ ...grave, latitude: null, longitude: null }).geometry).toBeNull();
    expect(graveFeature({ ...grave, latitude: '30.1', longitude: null }).geometry).toBeNull();
    expect(graveFeature({ ...grave, latitude: '95', longitude: '31' }).geometry).toBeNull();
    expect(graveFeature({ ...grave, latitude: 'x', longitude: '31' }).geometry).toBeNull();
  });

  it('the collection around the features is JSON, empty or not', () => {
    expect(JSON.parse(FEATURE_COLLECTION.open + FEATURE_COLLECTION.close)).toEqual({
      type: 'FeatureCollection',
      features: [],
    });
    const one = JSON.stringify(graveFeature({ ...grave, latitude: '1', longitude: '2' }));
    expect(
      (
        JSON.parse(
          FEATURE_COLLECTION.open + [one, one].join(FEATURE_COLLECTION.separator) + FEATURE_COLLECTION.close,
        ) as {
          features: unknown[];
        }
      ).features,
    ).toHaveLength(2);
  });
});
