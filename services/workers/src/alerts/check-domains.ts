// Fires per domain that was Active (it has been configured) and is not now: its tracking links may no
// longer reach us. Active again, or deleted, resolves it.
import { and, isNotNull, ne } from 'drizzle-orm';
import { schema, type FiringAlert } from '@tracker/core';
import type { AlertCheck } from './alert-check';

export const domainsCheck: AlertCheck = {
  kind: 'domain-inactive',
  async run({ db }) {
    const t = schema.domains;
    const left = await db.select().from(t).where(and(isNotNull(t.configuredAt), ne(t.status, 'active')));
    return left.map((domain): FiringAlert => {
      const host = domain.subdomain ? `${domain.subdomain}.${domain.domain}` : domain.domain;
      return {
        key: `domain-inactive:${domain.id}`,
        kind: 'domain-inactive',
        title: `Domain ${host} is no longer active`,
        text: `${host} is now ${domain.status.replaceAll('_', ' ')}${domain.errorMessage ? `: ${domain.errorMessage}` : ''}. Tracking links on it may not reach the tracker.`,
      };
    });
  },
};
