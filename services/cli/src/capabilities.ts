// What each `tracker <mode>` runs, in one table. `all` is every capability in one process on the
// embedded stores; the split modes are for scale-out and need server engines (DESIGN.md §1, §2).
import type { StoreNeeds } from '@tracker/core';

export type Capability = 'api' | 'ingest' | 'projector' | 'workers';
export type ServiceMode = 'all' | Capability;

export const capabilitiesByMode: Record<ServiceMode, Capability[]> = {
  all: ['api', 'ingest', 'projector', 'workers'],
  api: ['api'],
  ingest: ['ingest'],
  projector: ['projector'],
  workers: ['workers'],
};

/** The stores each capability reads or writes. */
const storesByCapability: Record<Capability, StoreNeeds> = {
  api: { entities: true, analytics: true, queue: true },
  ingest: { entities: true, analytics: true, eventLog: true, spill: true },
  projector: { entities: true, analytics: true, eventLog: true, queue: true },
  // The log only for its positions: the projector-lag alert reads how far the projector has got.
  workers: { entities: true, analytics: true, eventLog: true, queue: true },
};

export function storeNeeds(capabilities: Capability[]): StoreNeeds {
  const needs: StoreNeeds = {};
  for (const capability of capabilities) {
    for (const [store, needed] of Object.entries(storesByCapability[capability])) {
      if (needed) needs[store as keyof StoreNeeds] = true;
    }
  }
  return needs;
}

export const servesHttp = (capabilities: Capability[]) =>
  capabilities.includes('api') || capabilities.includes('ingest');

/** The embedded engines belong to one process, so a split mode needs the server engines it uses. */
export function missingServerEngines(
  mode: ServiceMode,
  config: { databaseUrl?: string; clickhouseUrl?: string; kafka?: unknown },
): string[] {
  if (mode === 'all') return [];
  const needs = storeNeeds(capabilitiesByMode[mode]);
  const missing: string[] = [];
  if (needs.entities && !config.databaseUrl) missing.push('DATABASE_URL');
  if (needs.analytics && !config.clickhouseUrl) missing.push('CLICKHOUSE_URL');
  if (needs.eventLog && !config.kafka) missing.push('KAFKA_BROKERS');
  return missing;
}
