// The answers of the committee's planning: the capacity forecast (one entry per section), its public summary, and
// the years in pictures. The forecast's rule and its fields' meaning: src/domain/statistics/forecast.ts.
import { FORECAST_ADD_MAX, FORECAST_MONTHS } from '../../src/domain/statistics/forecast';

const month = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}$', description: 'YYYY-MM' } as const;

export const forecastQuery = {
  type: 'object',
  properties: {
    months: {
      type: 'string',
      description: `how many months ahead, today's month the first (${FORECAST_MONTHS.min}–${FORECAST_MONTHS.max}, default ${FORECAST_MONTHS.default})`,
    },
    add: {
      type: 'string',
      description: `what-if: graves added to each section answered, free from today (0–${FORECAST_ADD_MAX})`,
    },
    section: { type: 'string', description: 'only this section: men or women (the bone sections hold remains)' },
  },
} as const;

const sectionForecast = {
  type: 'object',
  properties: {
    section: { type: 'string', enum: ['men', 'women'] },
    availableNow: { type: 'integer', description: 'graves free today, the what-if’s added graves with them' },
    freeingByMonth: {
      type: 'array',
      description: 'graves whose rest ends in each month, from the burials recorded',
      items: {
        type: 'object',
        properties: { month, graves: { type: 'integer' } },
        required: ['month', 'graves'],
      },
    },
    expectedPerMonth: {
      type: 'object',
      description: 'burials expected in a month over the coming year, and the 80% range of that rate',
      properties: { mean: { type: 'number' }, low: { type: 'number' }, high: { type: 'number' } },
      required: ['mean', 'low', 'high'],
    },
    fullBetween: {
      description:
        'the month the section is expected to have no grave free when burials run high (low) and low (high); ' +
        'null unless both fall within the months asked',
      anyOf: [{ type: 'object', properties: { low: month, high: month }, required: ['low', 'high'] }, { type: 'null' }],
    },
    sentence: { type: 'string', description: 'the forecast in one Arabic sentence' },
    freeByMonth: {
      type: 'array',
      description: 'additive: free graves expected at the end of each month, and the band (burials high, low)',
      items: {
        type: 'object',
        properties: { month, expected: { type: 'number' }, low: { type: 'number' }, high: { type: 'number' } },
        required: ['month', 'expected', 'low', 'high'],
      },
    },
  },
  required: ['section', 'availableNow', 'freeingByMonth', 'expectedPerMonth', 'fullBetween', 'sentence', 'freeByMonth'],
} as const;

export const forecastAnswer = {
  type: 'array',
  description: 'one entry per section (men, women), or the one asked',
  items: sectionForecast,
} as const;

export const forecastSummary = {
  type: 'array',
  description: 'each section’s forecast sentence at the usual horizon, for the public statistics',
  items: {
    type: 'object',
    properties: { section: { type: 'string', enum: ['men', 'women'] }, sentence: { type: 'string' } },
    required: ['section', 'sentence'],
  },
} as const;

const counts = {
  type: 'array',
  items: {
    type: 'object',
    properties: { period: { type: 'string' }, men: { type: 'integer' }, women: { type: 'integer' } },
    required: ['period', 'men', 'women'],
  },
} as const;

const calendarSeries = {
  type: 'object',
  properties: { months: counts, years: counts },
  required: ['months', 'years'],
} as const;

export const yearsAnswer = {
  type: 'object',
  description:
    'burials per month (the last 36) and per year, Gregorian and Hijri (Umm al-Qura), per section; transfers to the ' +
    'ossuary per year; photos and corrections received per month (the last 24)',
  properties: {
    gregorian: calendarSeries,
    hijri: calendarSeries,
    transfers: {
      type: 'array',
      items: {
        type: 'object',
        properties: { year: { type: 'string' }, transfers: { type: 'integer' } },
        required: ['year', 'transfers'],
      },
    },
    received: {
      type: 'array',
      items: {
        type: 'object',
        properties: { month, photos: { type: 'integer' }, corrections: { type: 'integer' } },
        required: ['month', 'photos', 'corrections'],
      },
    },
  },
  required: ['gregorian', 'hijri', 'transfers', 'received'],
} as const;
