// The due-date rule over every weekday and every pay term (expected days worked out independently with
// Python's datetime), and the billing week choices.
import { describe, expect, test } from '@jest/globals';
import { billingWeeks, computeDueDate, formatPeriod, monthPeriod, periodEndOf, weekPeriodText } from './invoice-dates';

// [weekday the count starts on, that day, pay terms, due date]
const table: Array<[string, string, string, string]> = [
  ['Mon', '2026-11-16', 'Weekly Net 7', '2026-11-25'],
  ['Tue', '2026-11-17', 'Weekly Net 7', '2026-11-25'],
  ['Wed', '2026-11-18', 'Weekly Net 7', '2026-12-02'],
  ['Thu', '2026-11-19', 'Weekly Net 7', '2026-12-02'],
  ['Fri', '2026-11-20', 'Weekly Net 7', '2026-12-02'],
  ['Sat', '2026-11-21', 'Weekly Net 7', '2026-12-02'],
  ['Sun', '2026-11-22', 'Weekly Net 7', '2026-12-02'],
  ['Mon', '2026-11-16', 'Net 15', '2026-12-02'],
  ['Tue', '2026-11-17', 'Net 15', '2026-12-09'],
  ['Wed', '2026-11-18', 'Net 15', '2026-12-09'],
  ['Thu', '2026-11-19', 'Net 15', '2026-12-09'],
  ['Fri', '2026-11-20', 'Net 15', '2026-12-09'],
  ['Sat', '2026-11-21', 'Net 15', '2026-12-09'],
  ['Sun', '2026-11-22', 'Net 15', '2026-12-09'],
  ['Mon', '2026-11-16', 'Net 30', '2026-12-23'],
  ['Tue', '2026-11-17', 'Net 30', '2026-12-23'],
  ['Wed', '2026-11-18', 'Net 30', '2026-12-23'],
  ['Thu', '2026-11-19', 'Net 30', '2026-12-23'],
  ['Fri', '2026-11-20', 'Net 30', '2026-12-23'],
  ['Sat', '2026-11-21', 'Net 30', '2026-12-23'],
  ['Sun', '2026-11-22', 'Net 30', '2026-12-23'],
  ['Mon', '2026-11-16', 'Net 60', '2027-01-20'],
  ['Tue', '2026-11-17', 'Net 60', '2027-01-20'],
  ['Wed', '2026-11-18', 'Net 60', '2027-01-20'],
  ['Thu', '2026-11-19', 'Net 60', '2027-01-20'],
  ['Fri', '2026-11-20', 'Net 60', '2027-01-20'],
  ['Sat', '2026-11-21', 'Net 60', '2027-01-27'],
  ['Sun', '2026-11-22', 'Net 60', '2027-01-27'],
];

describe('computeDueDate', () => {
  test.each(table)('from a %s (%s) with %s the invoice is due %s', (_weekday, periodEnd, payTerms, due) => {
    expect(computeDueDate({ invoiceDate: '2026-01-01', periodEnd, payTerms })).toBe(due);
    // Without a week range the count starts on the invoice date.
    expect(computeDueDate({ invoiceDate: periodEnd, periodEnd: null, payTerms })).toBe(due);
  });

  test('every due date is a Wednesday after the start plus the terms, at most a week later', () => {
    for (const [, start, , due] of table) {
      expect(new Date(`${due}T00:00:00Z`).getUTCDay()).toBe(3);
      expect(due > start).toBe(true);
    }
  });

  test('no pay terms means Weekly Net 7', () => {
    expect(computeDueDate({ invoiceDate: '2026-11-18' })).toBe('2026-12-02');
  });
});

describe('billing periods', () => {
  test('the last 8 weeks run Monday to Sunday, newest first, with their spec labels', () => {
    const weeks = billingWeeks('2026-11-25');
    expect(weeks).toHaveLength(8);
    expect(weeks[0]).toEqual({ label: 'This Week (Nov 23 – Nov 29, 2026)', start: '2026-11-23', end: '2026-11-29', period: '2026-11-23 to 2026-11-29' });
    expect(weeks[1]!.label).toBe('Last Week (Nov 16 – Nov 22, 2026)');
    expect(weeks[7]!.label).toBe('7 Weeks Ago (Oct 5 – Oct 11, 2026)');
    // A Sunday still belongs to the week that began the Monday before.
    expect(billingWeeks('2026-11-29')[0]!.start).toBe('2026-11-23');
    expect(billingWeeks('2026-11-23')[0]!.start).toBe('2026-11-23');
  });

  test('a stored week period gives back its end; free text gives none', () => {
    expect(periodEndOf(weekPeriodText('2026-12-28', '2027-01-03'))).toBe('2027-01-03');
    expect(periodEndOf('November 2026')).toBeNull();
    expect(periodEndOf('2026-02-23 to 2026-02-30')).toBeNull();
    expect(formatPeriod('2026-12-28 to 2027-01-03')).toBe('Dec 28 – Jan 3, 2027');
  });

  test('the publisher period default is the month and year', () => {
    expect(monthPeriod('2026-11-25')).toBe('November 2026');
  });
});
