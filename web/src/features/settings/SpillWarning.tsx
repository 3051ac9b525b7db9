// The warning at the top of Settings while an ingest's spill holds events Kafka has not taken yet
// (GET /api/event-log-spills, polled): nothing is lost, but reports lag until the spill is forwarded.
import { useQuery } from '@tanstack/react-query';
import { formatDistanceToNowStrict } from 'date-fns';
import { AlertTriangle } from 'lucide-react';
import type { SpillReports } from '@tracker/schemas';
import { formatCount } from '../../lib/format';
import { Alert, AlertDescription, AlertTitle } from '../../ui/Alert';

const POLL_MS = 10_000;

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

export function SpillWarning() {
  const spills = useQuery<SpillReports>({ queryKey: ['/api/event-log-spills'], refetchInterval: POLL_MS });
  const waiting = spills.data?.spills ?? [];
  if (waiting.length === 0) return null;
  const total = waiting.reduce((sum, s) => sum + s.records, 0);
  return (
    <Alert variant="warning">
      <AlertTriangle aria-hidden="true" />
      <AlertTitle>Events waiting for Kafka: {formatCount(total)}</AlertTitle>
      <AlertDescription>
        <p>
          Kafka did not acknowledge these events in time, so the ingest kept them in its local spill. They are sent on in order
          as soon as Kafka takes them again; reports lag until then.
        </p>
        <ul className="list-disc pl-5">
          {waiting.map((s) => (
            <li key={s.instance}>
              <span className="font-medium">{s.instance}</span>: {formatCount(s.records)} events ({megabytes(s.bytes)}), reported{' '}
              {formatDistanceToNowStrict(new Date(s.updatedAt), { addSuffix: true })}
              {s.lastError ? ` — last error: ${s.lastError}` : ''}
            </li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}
