// The invoice PDF's layout as a pdfmake document: from-company, bill-to, number and dates, period, line
// items with right-aligned amounts in the invoice's currency, total, pay terms and due date, the bank details
// that are filled, notes.
// Pure: the same invoice gives the same document (its creation date is the invoice's own).
import type { Content, ContentStack, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatCentsIn, formatIsoDate, formatPeriod, lineAmountCents, parseMoney, STORED_MONEY, type CurrencyCode, type InvoiceSettings } from '@tracker/schemas';
import { printable } from './printable-text';

/** What one invoice prints, whichever kind it is. */
export interface InvoiceView {
  invoiceNumber: string;
  invoiceDate: string;
  dueDate: string | null;
  period: string;
  payTerms: string | null;
  from: { name: string | null; address: string | null };
  billTo: { name: string | null; address: string | null };
  /** Extra labelled facts under the dates (Publisher, Revenue share, Account manager). */
  facts: Array<[string, string]>;
  lines: Array<{ description: string; amount: string }>;
  /** Stored decimal text. */
  total: string;
  /** What every amount is printed in. */
  currency: CurrencyCode;
  notes: string | null;
  settings: InvoiceSettings;
  createdAt: Date;
}

const BANK_FIELDS: Array<[keyof InvoiceSettings, string]> = [
  ['bankName', 'Bank name'],
  ['bankAddress', 'Bank address'],
  ['beneficiaryName', 'Beneficiary name'],
  ['beneficiaryAddress', 'Beneficiary address'],
  ['accountNumber', 'Account number'],
  ['routingNumber', 'Routing number (ACH)'],
  ['wireRoutingNumber', 'Wire routing number'],
  ['swiftCode', 'SWIFT / BIC'],
  ['iban', 'IBAN'],
  ['ifscCode', 'IFSC code'],
  ['checkAddress', 'Mail checks to'],
];

const ACCENT = '#1e3a5f';
const MUTED = '#5b6472';

/** A line's amount as printed: what it counted in the total, so text that is no amount ('abc', counted 0 by
 *  spec §5) prints 0.00 in the currency and the lines always add up to the total on the page. */
function lineAmountText(amount: string, currency: CurrencyCode): string {
  return formatCentsIn(lineAmountCents(amount), currency);
}

const block = (title: string, name: string | null, address: string | null): ContentStack => ({
  stack: [
    { text: title.toUpperCase(), style: 'label' },
    { text: printable(name ?? '—'), bold: true, margin: [0, 2, 0, 0] },
    ...(address ? [{ text: printable(address), color: MUTED }] : []),
  ],
});

export function invoiceDocument(view: InvoiceView): TDocumentDefinitions {
  const dates: Array<[string, string]> = [
    ['Invoice number', view.invoiceNumber],
    ['Invoice date', formatIsoDate(view.invoiceDate)],
    ['Period', formatPeriod(view.period)],
    ...(view.payTerms ? [['Pay terms', view.payTerms] as [string, string]] : []),
    ...(view.dueDate ? [['Due date', formatIsoDate(view.dueDate)] as [string, string]] : []),
    ...view.facts,
  ];
  const bank = BANK_FIELDS.filter(([field]) => view.settings[field]).map(([field, label]) => [
    { text: label, style: 'label' },
    { text: printable(view.settings[field]!) },
  ]);
  const lineRows: TableCell[][] = view.lines.map((line) => [
    { text: printable(line.description) },
    { text: printable(lineAmountText(line.amount, view.currency)), alignment: 'right' },
  ]);
  const total = formatCentsIn(parseMoney(view.total, STORED_MONEY), view.currency);

  return {
    pageSize: 'LETTER',
    pageMargins: [48, 48, 48, 56],
    info: {
      title: `Invoice ${view.invoiceNumber}`,
      subject: `Invoice ${view.invoiceNumber}`,
      author: view.from.name ?? undefined,
      creator: 'Tracker invoicing',
      producer: 'Tracker invoicing',
      creationDate: view.createdAt,
    },
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.25 },
    styles: {
      label: { fontSize: 8, color: MUTED, bold: true, characterSpacing: 0.5 },
      title: { fontSize: 26, bold: true, color: ACCENT },
      heading: { fontSize: 11, bold: true, color: ACCENT, margin: [0, 18, 0, 6] },
      tableHeader: { bold: true, color: 'white', fillColor: ACCENT },
    },
    footer: (page: number, pages: number) => ({
      columns: [
        { text: view.invoiceNumber, color: MUTED, fontSize: 8 },
        { text: `Page ${page} of ${pages}`, alignment: 'right', color: MUTED, fontSize: 8 },
      ],
      margin: [48, 16, 48, 0],
    }),
    content: [
      {
        columns: [
          { width: '*', stack: [{ text: printable(view.from.name ?? ''), fontSize: 16, bold: true }, ...(view.from.address ? [{ text: printable(view.from.address), color: MUTED }] : [])] },
          { width: 'auto', stack: [{ text: 'INVOICE', style: 'title', alignment: 'right' }, { text: view.invoiceNumber, alignment: 'right', bold: true, fontSize: 12 }] },
        ],
      },
      { canvas: [{ type: 'line', x1: 0, y1: 12, x2: 516, y2: 12, lineWidth: 1, lineColor: ACCENT }], margin: [0, 0, 0, 16] },
      {
        columns: [
          { width: '*', ...block('Bill to', view.billTo.name, view.billTo.address) },
          {
            width: 'auto',
            table: { body: dates.map(([label, value]) => [{ text: label, style: 'label', margin: [0, 2, 12, 0] }, { text: printable(value), alignment: 'right' }]) },
            layout: 'noBorders',
          },
        ],
      },
      { text: 'Items', style: 'heading' },
      {
        table: {
          headerRows: 1,
          widths: ['*', 110],
          body: [
            [{ text: 'Description', style: 'tableHeader' }, { text: 'Amount', style: 'tableHeader', alignment: 'right' }],
            ...lineRows,
            [{ text: 'Total', bold: true, alignment: 'right' }, { text: printable(total), bold: true, alignment: 'right', fontSize: 12 }],
          ],
        },
        layout: {
          hLineWidth: (i: number, node: { table: { body: unknown[] } }) => (i === 0 || i === 1 || i === node.table.body.length - 1 || i === node.table.body.length ? 1 : 0.5),
          vLineWidth: () => 0,
          hLineColor: () => '#c8cdd4',
          paddingTop: () => 6,
          paddingBottom: () => 6,
        },
      },
      ...(view.dueDate
        ? [{ text: printable(`Please pay ${total} by ${formatIsoDate(view.dueDate)}${view.payTerms ? ` (${view.payTerms})` : ''}.`), margin: [0, 12, 0, 0], bold: true } as Content]
        : []),
      ...(bank.length > 0
        ? [
            { text: 'Payment details', style: 'heading' } as Content,
            { table: { widths: [130, '*'], body: bank }, layout: 'noBorders' } as Content,
          ]
        : []),
      // One terms text per invoice: its own pay terms (printed above) win over the settings' default terms.
      ...(view.settings.terms && !view.payTerms ? [{ text: 'Terms', style: 'heading' } as Content, { text: printable(view.settings.terms) } as Content] : []),
      ...(view.notes ? [{ text: 'Notes', style: 'heading' } as Content, { text: printable(view.notes) } as Content] : []),
    ],
  };
}
