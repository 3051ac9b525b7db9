// The currency of the virtual-card statements: their CSV exports carry amounts without a currency, and the card
// provider bills in US dollars (spec §2: the filters are "Min Amount ($)" and "Max Amount ($)"). Statement amounts
// are shown in it whatever the workspace currency is; they are never converted.
import type { CurrencyCode } from '@tracker/schemas';

export const STATEMENT_CURRENCY: CurrencyCode = 'USD';
