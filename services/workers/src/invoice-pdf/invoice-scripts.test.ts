// Invoices for names in any script the product meets, read back with poppler-utils: Chinese, Japanese,
// Arabic and Hebrew print as text (not empty boxes) in fonts embedded only when used, Arabic reads in its
// order, and a word of 300 letters wraps inside its column instead of pushing Amount and Total off the page.
import { execFileSync } from 'node:child_process';
import { describe, expect, test } from '@jest/globals';
import { INVOICE_SETTING_FIELDS, type InvoiceSettings } from '@tracker/schemas';
import { invoiceDocument, type InvoiceView } from './invoice-document';
import { renderPdf } from './render-pdf';

const settings = Object.fromEntries(INVOICE_SETTING_FIELDS.map((f) => [f, null])) as InvoiceSettings;

const view = (overrides: Partial<InvoiceView>): InvoiceView => ({
  invoiceNumber: 'ADV-2026-0100',
  invoiceDate: '2026-11-23',
  dueDate: '2026-12-02',
  period: '2026-11-16 to 2026-11-22',
  payTerms: 'Net 30',
  from: { name: 'Northwind Media LLC', address: '1 Main St\nAustin, TX 78701' },
  billTo: { name: 'Acme Offers Ltd', address: '9 Harbour Rd, Dublin' },
  facts: [['Account manager', 'Dana Buyer']],
  lines: [{ description: 'TikTok traffic week 47', amount: '1250.00' }],
  total: '1250.00',
  currency: 'USD',
  notes: null,
  settings,
  createdAt: new Date('2026-11-23T10:00:00Z'),
  ...overrides,
});

const render = (overrides: Partial<InvoiceView>) => renderPdf(invoiceDocument(view(overrides)));
// pdftotext marks right-to-left stretches with embedding controls; the words are what the reader sees.
const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8').replace(/[\u202a-\u202e]/g, '');
const fontNames = (pdf: Buffer) =>
  execFileSync('pdffonts', ['-'], { input: pdf }).toString().split('\n').slice(2).filter(Boolean).map((line) => line.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, ''));
/** Every word pdftotext finds, with where it sits on the page (points). */
function words(pdf: Buffer): Array<{ text: string; xMax: number; yMin: number; yMax: number }> {
  const xml = execFileSync('pdftotext', ['-bbox', '-', '-'], { input: pdf }).toString('utf8');
  return [...xml.matchAll(/<word xMin="[\d.]+" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
    text: m[4]!, yMin: Number(m[1]), xMax: Number(m[2]), yMax: Number(m[3]),
  }));
}
const LETTER_WIDTH = 612;

describe('invoice PDFs in other scripts', () => {
  test('a Latin invoice (accents and Cyrillic too) embeds Roboto alone and stays small', async () => {
    const pdf = await render({ billTo: { name: 'Société Générale — ООО «Ромашка»', address: 'Zürich' } });
    expect(pdfText(pdf)).toContain('Société Générale — ООО «Ромашка»');
    expect(new Set(fontNames(pdf))).toEqual(new Set(['Roboto-Medium', 'Roboto-Regular']));
    expect(pdf.length).toBeLessThan(40_000);
  });

  test('Chinese, Japanese, Arabic and Hebrew names print as their text, in Noto fonts embedded as subsets', async () => {
    const pdf = await render({
      from: { name: '北京星辰科技有限公司', address: '臺北市信義區 / 東京都渋谷区' },
      billTo: { name: 'やまだ タロウ株式会社', address: 'شركة النور للتجارة' },
      facts: [['Account manager', 'דנה כהן']],
    });
    const text = pdfText(pdf);
    for (const expected of ['北京星辰科技有限公司', '臺北市信義區', '東京都渋谷区', 'やまだ', 'タロウ株式会社', 'شركة النور للتجارة', 'דנה כהן', 'ADV-2026-0100', '$1,250.00']) {
      expect(text).toContain(expected);
    }
    expect(new Set(fontNames(pdf))).toEqual(new Set(['Roboto-Medium', 'Roboto-Regular', 'NotoSansHans-Bold', 'NotoSansHans-Regular', 'NotoNaskhArabic', 'NotoSansHebrew']));
    // Subsets: the whole CJK fonts are 8 MB each.
    expect(pdf.length).toBeLessThan(150_000);
  });

  test('Arabic reads right to left: its first word is drawn rightmost, and numbers and Latin keep their order', async () => {
    const pdf = await render({ billTo: { name: 'شركة النور 2024 LLC', address: null } });
    // pdftotext lays the line out left to right but gives the Arabic words back in reading order.
    expect(pdfText(pdf)).toContain('LLC 2024 شركة النور');
    const arabic = words(pdf).find((w) => /[\u0600-\u06ff]/.test(w.text))!;
    // Its line: the words beside it (fonts of other heights sit a little higher or lower).
    const line = words(pdf).filter((w) => w.yMin < arabic.yMax && w.yMax > arabic.yMin && w.xMax < LETTER_WIDTH / 2);
    // pdftotext reports each Arabic word with its letters in drawing order (reversed); sort by position.
    const leftToRight = [...line].sort((a, b) => a.xMax - b.xMax).map((w) => w.text);
    expect(leftToRight).toEqual(['LLC', '2024', 'رونلا', 'ةكرش']);
  });

  test('a 300-letter word wraps inside the Description column; Amount and Total stay on the page', async () => {
    const long = 'W'.repeat(300);
    const pdf = await render({ lines: [{ description: `Bonus ${long} leads`, amount: '12.34' }], total: '12.34' });
    const text = pdfText(pdf);
    expect(text).toMatch(/Amount/);
    expect(text).toMatch(/Total\s+\$12\.34/);
    expect(text).toMatch(/Bonus W+\s+\$12\.34/);
    // All 300 letters are printed, over several lines, none past the page's edge.
    const pieces = words(pdf).filter((w) => /^W+$/.test(w.text));
    expect(pieces.map((w) => w.text).join('')).toBe(long);
    expect(new Set(pieces.map((w) => w.yMin)).size).toBeGreaterThan(3);
    for (const word of words(pdf)) expect(word.xMax).toBeLessThanOrEqual(LETTER_WIDTH - 48);
  });

  test('currency signs print as text: the euro and pound in Roboto, the rupee and the won too', async () => {
    for (const [currency, total] of [['EUR', '€1,250.00'], ['GBP', '£1,250.00'], ['INR', '₹1,250.00'], ['KRW', '₩1,250']] as const) {
      const text = pdfText(await render({ currency }));
      expect(text).toMatch(new RegExp(`Total\\s+${total.replace(/[.$]/g, '\\$&')}`));
    }
  });
});
