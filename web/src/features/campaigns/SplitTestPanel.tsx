// The split test of a campaign's landers and offers (docs/split-tests.md): over a range of report days, each arm's
// visits, conversions, the metric with its 95 % interval and its probability to be best, and the verdict in words:
// a winner only when the sequential test has decided, so reading it every hour does not crown a lucky arm.
import type { SplitTestResponse } from '@tracker/schemas';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { Alert, AlertDescription } from '../../ui/Alert';
import { Badge } from '../../ui/Badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { DateRangePicker } from '../../ui/DateRangePicker';
import { lastDays, toDayParam, todayIn, type DayRange } from '../../ui/date-range-presets';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/Select';
import { Spinner } from '../../ui/Spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/Table';
import { Tabs, TabsList, TabsTrigger } from '../../ui/Tabs';
import { useSignedInTimeZone } from '../stats/report-time-zone';
import { useSplitTest } from './flow-queries';

type Verdict = SplitTestResponse['landers'];
type Metric = 'cr' | 'epv';

const percent = (value: number) => `${(100 * value).toFixed(2)} %`;
const showValue = (metric: Metric, value: number) => (metric === 'cr' ? percent(value) : formatMoney(value / 100));

function verdictText(verdict: Verdict, name: (id: string) => string, noun: string): { badge: string; text: string; tone: 'default' | 'secondary' | 'outline' } {
  const leader = verdict.leaderId === null ? null : name(verdict.leaderId);
  const needed = verdict.visitsNeeded === null ? null : `about ${verdict.visitsNeeded.toLocaleString()} more visits`;
  if (verdict.arms.length < 2) return { badge: 'No test', text: `This path has one ${noun}: add another to test them.`, tone: 'outline' };
  if (verdict.status === 'winner') {
    const best = verdict.arms.find((a) => a.id === verdict.leaderId)!;
    return { badge: 'Winner', text: `${leader} wins: ${(100 * best.probabilityToBeBest).toFixed(1)} % to be best, and the sequential test has decided.`, tone: 'default' };
  }
  if (verdict.status === 'leading') return { badge: 'Leading', text: `${leader} leads, not decided yet${needed ? `: ${needed} if the difference holds` : ''}.`, tone: 'secondary' };
  return { badge: 'Not enough data', text: leader ? `${leader} is ahead so far; ${needed ?? 'more visits'} before a verdict.` : 'No conversions yet.', tone: 'outline' };
}

function ArmsTable({ title, verdict, metric, name }: { title: string; verdict: Verdict; metric: Metric; name: (id: string) => string }) {
  const { badge, text, tone } = verdictText(verdict, name, title === 'Landers' ? 'lander' : 'offer');
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-medium">{title}</h3>
        <Badge variant={tone}>{badge}</Badge>
        <span className="text-sm text-muted-foreground">{text}</span>
      </div>
      <Table aria-label={`${title} split test`}>
        <TableHeader>
          <TableRow>
            <TableHead>{title === 'Landers' ? 'Lander' : 'Offer'}</TableHead>
            <TableHead className="text-right">Visits</TableHead>
            <TableHead className="text-right">Conversions</TableHead>
            <TableHead className="text-right">{metric === 'cr' ? 'CR' : 'EPV'}</TableHead>
            <TableHead className="text-right">95 % interval</TableHead>
            <TableHead className="w-56">Probability to be best</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {verdict.arms.map((arm) => (
            <TableRow key={arm.id}>
              <TableCell className="font-medium">
                {name(arm.id)}
                {arm.id === verdict.leaderId && verdict.status === 'winner' && <Badge className="ml-2">Winner</Badge>}
              </TableCell>
              <TableCell className="text-right tabular-nums">{arm.visits.toLocaleString()}</TableCell>
              <TableCell className="text-right tabular-nums">{arm.conversions.toLocaleString()}</TableCell>
              <TableCell className="text-right tabular-nums">{showValue(metric, arm.value)}</TableCell>
              <TableCell className="text-right tabular-nums text-muted-foreground">
                {showValue(metric, arm.interval[0])} – {showValue(metric, arm.interval[1])}
              </TableCell>
              <TableCell>
                {verdict.arms.length < 2 ? (
                  <span className="text-muted-foreground">—</span>
                ) : (
                  <div className="flex items-center gap-2">
                    <div className="h-2 flex-1 rounded bg-muted" aria-hidden="true">
                      <div className="h-2 rounded bg-primary" style={{ width: `${Math.round(100 * arm.probabilityToBeBest)}%` }} />
                    </div>
                    <span className="w-14 text-right text-sm tabular-nums">{(100 * arm.probabilityToBeBest).toFixed(1)} %</span>
                  </div>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** The Select's value for the default path; a rule's path is its name. */
const DEFAULT_PATH_VALUE = '';

/** `rules`: the saved flow's rule names, each a path of its own that can be tested. */
export function SplitTestPanel({ campaignId, names, rules }: { campaignId: string; names: ReadonlyMap<string, string>; rules: readonly string[] }) {
  const timeZone = useSignedInTimeZone();
  const [range, setRange] = useState<DayRange>(() => lastDays(7, todayIn(timeZone)));
  const [metric, setMetric] = useState<Metric>('cr');
  const [chosenPath, setPath] = useState(DEFAULT_PATH_VALUE);
  // A rule renamed or removed by a save leaves the test on the default path.
  const path = rules.includes(chosenPath) ? chosenPath : DEFAULT_PATH_VALUE;
  const test = useSplitTest(campaignId, { startDate: toDayParam(range.from), endDate: toDayParam(range.to) }, metric, path || undefined);
  const lander = (id: string) => names.get(`l${id}`) ?? `Lander ${id}`;
  const offer = (id: string) => names.get(`o${id}`) ?? `Offer ${id}`;
  return (
    <Card role="region" aria-label="Split test">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4 space-y-0">
        <div className="space-y-1">
          <CardTitle>Split test</CardTitle>
          <CardDescription>
            {path ? `The landers and offers of rule ${path}` : "The default path's landers and offers"} compared over the chosen days. A winner is
            declared only when the difference is decided, however often you look.
          </CardDescription>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {rules.length > 0 && (
            <Select value={path || 'default'} onValueChange={(v) => setPath(v === 'default' ? DEFAULT_PATH_VALUE : v)}>
              <SelectTrigger className="w-48" aria-label="Path">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="default">Default path</SelectItem>
                {rules.map((rule) => (
                  <SelectItem key={rule} value={rule}>
                    Rule: {rule}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
          <Tabs value={metric} onValueChange={(v) => setMetric(v as Metric)}>
            <TabsList aria-label="Metric">
              <TabsTrigger value="cr">CR</TabsTrigger>
              <TabsTrigger value="epv">EPV</TabsTrigger>
            </TabsList>
          </Tabs>
          <DateRangePicker value={range} onChange={setRange} timeZone={timeZone} />
        </div>
      </CardHeader>
      <CardContent className="space-y-6">
        {test.isPending ? (
          <div className="flex min-h-24 items-center justify-center">
            <Spinner className="size-6" label="Loading the split test" />
          </div>
        ) : test.isError ? (
          <Alert>
            <AlertDescription>{errorMessage(test.error)}</AlertDescription>
          </Alert>
        ) : (
          <>
            <ArmsTable title="Landers" verdict={test.data.landers} metric={metric} name={lander} />
            <ArmsTable title="Offers" verdict={test.data.offers} metric={metric} name={offer} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
