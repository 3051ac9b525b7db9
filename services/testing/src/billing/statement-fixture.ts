// Statement exports in the card provider's real shape (FACTS.md: 43 columns, `*1234` last-4s, M/D/YY
// dates, a UTF-8 BOM, quoted fields with commas and line breaks, pending rows with a blank Clear Date
// and zero settlement) for the import, API and browser suites.
export const STATEMENT_COLUMNS = [
  'Registered Card Last 4', 'Funding Source', 'Type of Account', 'Transaction Date', 'Clear Date', 'Type', 'Status',
  'Name On Card', 'Card User Email', 'Authorization Merchant Currency', 'Authorization Merchant Amount',
  'Authorization Billing Currency', 'Authorization Exchange Rate', 'Authorization Billing Amount',
  'Settlement Merchant Currency', 'Settlement Merchant Amount', 'Settlement Billing Currency', 'Settlement Billing Amount',
  'Settlement Exchange Rate', 'Merchant Name', 'Merchant Address', 'Merchant City', 'Merchant State', 'Merchant Country',
  'Merchant ZIP/Postal', 'MCC', 'MCC Description', 'VCN Sender', 'VCN Sender Email', 'VCN Nickname', 'VCN Last 4',
  'Reference Id', 'Source', 'External', 'Number of Attachments', 'Attachments', 'Transaction Amount', 'Notes',
  'Transaction Receipt', 'Receipt', 'Manager Review', 'Final Approval', 'Team',
] as const;

export interface StatementLine {
  date: string;
  status: string;
  amount: string;
  merchant?: string;
  nickname?: string;
  last4?: string;
  referenceId?: string;
  clearDate?: string;
  type?: string;
  /** Any other column by its header name. */
  extra?: Partial<Record<(typeof STATEMENT_COLUMNS)[number], string>>;
}

const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

export function statementCsv(lines: StatementLine[], options: { bom?: boolean; columns?: readonly string[] } = {}): string {
  const columns = options.columns ?? STATEMENT_COLUMNS;
  const rows = lines.map((line) => {
    const pending = line.status.toUpperCase() === 'PENDING';
    const values: Record<string, string> = {
      'Registered Card Last 4': '*1008',
      'Funding Source': 'Amex Business',
      'Type of Account': 'Credit',
      'Transaction Date': line.date,
      'Clear Date': line.clearDate ?? (pending ? '' : line.date),
      Type: line.type ?? 'DEBIT',
      Status: line.status,
      'Name On Card': 'Media Buying LLC',
      'Card User Email': 'ops@buyer.example',
      'Authorization Merchant Currency': 'USD',
      'Authorization Merchant Amount': line.amount,
      'Authorization Billing Currency': 'USD',
      'Authorization Exchange Rate': '1',
      'Authorization Billing Amount': line.amount,
      'Settlement Merchant Currency': 'USD',
      'Settlement Merchant Amount': pending ? '0' : line.amount,
      'Settlement Billing Currency': 'USD',
      'Settlement Billing Amount': pending ? '0' : line.amount,
      'Settlement Exchange Rate': '1',
      'Merchant Name': line.merchant ?? 'TIKTOK ADS',
      'Merchant Address': '5800 Bristol Pkwy',
      'Merchant City': 'Culver City',
      'Merchant State': 'CA',
      'Merchant Country': 'US',
      'Merchant ZIP/Postal': '90230',
      MCC: '7311',
      'MCC Description': 'Advertising Services',
      'VCN Sender': 'Admin',
      'VCN Sender Email': 'admin@buyer.example',
      'VCN Nickname': line.nickname ?? '',
      'VCN Last 4': line.last4 ? `*${line.last4}` : '',
      'Reference Id': line.referenceId ?? '',
      Source: 'Extend',
      External: 'false',
      'Number of Attachments': '0',
      Attachments: '',
      'Transaction Amount': line.amount,
      Notes: '',
      'Transaction Receipt': '',
      Receipt: '',
      'Manager Review': '',
      'Final Approval': '',
      Team: 'Growth',
      ...line.extra,
    };
    return columns.map((c) => quote(values[c] ?? '')).join(',');
  });
  return `${options.bom === false ? '' : '\ufeff'}${[columns.map(quote).join(','), ...rows].join('\r\n')}\r\n`;
}

/** A day's export: cleared, pending, declined and refund rows, one without a Reference Id, a Merchant Name
 *  with a comma and a line break, and two bad rows (line 8: a date, line 9: a status; the line break makes row 3 two lines). */
export const DAY_ONE: StatementLine[] = [
  { date: '11/2/26', status: 'CLEARED', amount: '$1,250.00', merchant: 'TIKTOK ADS', nickname: 'Alpha Card', last4: '1111', referenceId: 'R-1' },
  { date: '11/3/26', status: 'pending', amount: '300.50', merchant: 'TIKTOK ADS', nickname: 'Alpha Card', last4: '1111', referenceId: 'R-2' },
  { date: '11/3/26', status: 'DECLINED', amount: '99.99', merchant: 'Facebook, Inc.\nMenlo Park', nickname: 'Beta Card', last4: '2222', referenceId: 'R-3' },
  { date: '2026-11-04', status: 'Cleared', amount: '(25.00)', type: 'REFUND', merchant: 'TIKTOK ADS', nickname: 'Beta Card', last4: '2222', referenceId: 'R-4' },
  { date: '11/4/26', status: 'PENDING', amount: '40.00', merchant: 'GOOGLE ADS', nickname: '', last4: '3333' },
  { date: '13/45/26', clearDate: '11/6/26', status: 'CLEARED', amount: '10.00', nickname: 'Alpha Card', last4: '1111', referenceId: 'R-BAD-1' },
  { date: '11/5/26', status: 'REVERSED', amount: '10.00', nickname: 'Alpha Card', last4: '1111', referenceId: 'R-BAD-2' },
];
