// GET /api/domains: every domain with its state machine's history, newest first. The campaign dialog
// reads it for its Domain select; the Domains screen for its table and live status.
import { desc } from 'drizzle-orm';
import { listDomainTransitions, schema, type Db, type DomainRow } from '@tracker/core';

export interface DomainView extends Omit<DomainRow, 'purchasedAt' | 'configuredAt' | 'createdAt'> {
  purchasedAt: string | null;
  configuredAt: string | null;
  createdAt: string;
  /** `{subdomain}.{domain}` once a subdomain is set, else the domain. */
  host: string;
  transitions: { from: string | null; to: string; error: string | null; at: string }[];
}

export function domainView(row: DomainRow, transitions: DomainView['transitions'] = []): DomainView {
  return {
    ...row,
    purchasedAt: row.purchasedAt?.toISOString() ?? null,
    configuredAt: row.configuredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    host: row.subdomain ? `${row.subdomain}.${row.domain}` : row.domain,
    transitions,
  };
}

export async function listDomains(db: Db): Promise<DomainView[]> {
  const rows = await db.select().from(schema.domains).orderBy(desc(schema.domains.createdAt), desc(schema.domains.id));
  const history = await listDomainTransitions(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) =>
    domainView(
      row,
      history
        .filter((t) => t.domainId === row.id)
        .map((t) => ({ from: t.fromStatus, to: t.toStatus, error: t.error, at: t.at.toISOString() })),
    ),
  );
}
