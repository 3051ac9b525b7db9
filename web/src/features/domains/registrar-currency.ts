// The registrar quotes and charges domains in US dollars (the server's quote and the Maximum Domain Price
// setting are dollars too): domain prices are shown in them whatever the workspace currency is.
import type { CurrencyCode } from '@tracker/schemas';

export const REGISTRAR_CURRENCY: CurrencyCode = 'USD';
