// Settings → Status: version and uptime, then each store, the disk, the pipeline and every sync, each
// green, amber or red; what is not green says what to do. The server decides the levels (api status).
import { STATUS_GROUPS, STATUS_GROUP_LABELS, type RawRetention, type StatusItem, type StatusLevel } from '@tracker/schemas';
import { errorMessage } from '../../lib/api';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { useStatus } from './status-queries';

const LEVELS: Record<StatusLevel, { dot: string; text: string; spoken: string }> = {
  green: { dot: 'bg-emerald-500', text: 'text-muted-foreground', spoken: 'OK' },
  amber: { dot: 'bg-amber-500', text: 'text-amber-700 dark:text-amber-400', spoken: 'Needs attention' },
  red: { dot: 'bg-red-600', text: 'text-destructive', spoken: 'Failing' },
};

/** '3 d 4 h', '2 h 5 min', '12 min': how long the process has been up. */
function formatUptime(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes % 60} min`;
  return minutes > 0 ? `${minutes} min` : 'less than a minute';
}

function StatusRow({ item }: { item: StatusItem }) {
  const level = LEVELS[item.level];
  return (
    <li className="flex gap-3 py-2" data-testid={`status-${item.id}`} data-level={item.level}>
      <span className={`mt-1.5 size-2.5 shrink-0 rounded-full ${level.dot}`} aria-hidden="true" />
      <div className="min-w-0 space-y-0.5">
        <p className="text-sm font-medium">
          {item.label}
          <span className="sr-only"> ({level.spoken})</span>
        </p>
        <p className="text-sm break-words text-muted-foreground">{item.value}</p>
        {item.action && <p className={`text-sm break-words ${level.text}`}>{item.action}</p>}
      </div>
    </li>
  );
}

/** What the stores keep (RAW_RETENTION_DAYS): raw rows for the retention, conversions and daily figures forever. */
function RetentionNote({ retention }: { retention: RawRetention | null }) {
  return (
    <p className="mt-6 border-t pt-4 text-sm text-muted-foreground" data-testid="status-retention">
      {retention
        ? `Raw clicks and exits (the Click Log) are kept ${retention.days} days, from ${retention.keptFrom} on; conversions and the daily report figures are kept forever.`
        : 'Raw clicks, exits, conversions and the daily report figures are all kept forever (RAW_RETENTION_DAYS=0).'}
    </p>
  );
}

export function StatusCard() {
  const status = useStatus();
  const needing = status.data?.items.filter((i) => i.level !== 'green').length ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>This server</CardTitle>
        <CardDescription>
          {status.data
            ? `Version ${status.data.version} · up ${formatUptime(status.data.uptimeSeconds)} · ${
                needing === 0 ? 'nothing needs attention' : `${needing} ${needing === 1 ? 'item needs' : 'items need'} attention`
              }`
            : 'The stores, the pipeline and the syncs of this server'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {status.isPending ? (
          <p className="text-sm text-muted-foreground">Loading status...</p>
        ) : status.isError ? (
          <p className="text-sm text-destructive">Could not load the status: {errorMessage(status.error)}</p>
        ) : (
          <div className="grid gap-6 lg:grid-cols-3">
            {STATUS_GROUPS.map((group) => {
              const items = status.data.items.filter((i) => i.group === group);
              if (items.length === 0) return null;
              return (
                <section key={group} aria-labelledby={`status-${group}`}>
                  <h3 id={`status-${group}`} className="text-sm font-semibold">
                    {STATUS_GROUP_LABELS[group]}
                  </h3>
                  <ul className="divide-y">
                    {items.map((item) => (
                      <StatusRow key={item.id} item={item} />
                    ))}
                  </ul>
                </section>
              );
            })}
          </div>
        )}
        {status.data && <RetentionNote retention={status.data.rawRetention} />}
      </CardContent>
    </Card>
  );
}
