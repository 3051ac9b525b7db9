// What the search panel shows for a checked name: buyable (price and Purchase), not buyable (why), or
// already in Your Domains (its live status and a way to its row, never a second Purchase).
import type { DomainCheck } from '@tracker/schemas';
import type { Domain, DomainStatus } from './queries';

/** POST /api/domains/check's answer for a name. */
export interface CheckedName extends DomainCheck {
  /** As the server read it (trimmed, lower-case, punycode). */
  domain: string;
}

export type SearchPanel =
  | { kind: 'available'; domain: string; price: string | null; premium: boolean }
  | { kind: 'unavailable'; domain: string; price: string | null; premium: boolean; headline: string; message: string }
  | { kind: 'owned'; domain: string; id: number; status: DomainStatus };

/** Where the Domains table puts a domain's row, for the panel's link to it. */
export const domainRowId = (id: number) => `domain-row-${id}`;

/**
 * The panel for `checked`, given the domains list and what a purchase of it answered. A domain in the list
 * (bought, or being bought) is 'owned' whatever the check said; a failed purchase may be tried again.
 */
export function searchPanel(checked: CheckedName, domains: readonly Domain[] | undefined, purchased?: { id: number; status: DomainStatus }): SearchPanel {
  const row = domains?.find((d) => d.domain === checked.domain && d.status !== 'failed');
  if (row) return { kind: 'owned', domain: checked.domain, id: row.id, status: row.status };
  if (purchased && purchased.status !== 'failed') return { kind: 'owned', domain: checked.domain, ...purchased };
  if (checked.available) return { kind: 'available', domain: checked.domain, price: checked.price, premium: checked.premium };
  return {
    kind: 'unavailable',
    domain: checked.domain,
    price: checked.price,
    premium: checked.premium,
    headline: checked.price !== null ? `${checked.domain} costs more than your Maximum Domain Price` : `${checked.domain} is not available`,
    message: checked.message,
  };
}
