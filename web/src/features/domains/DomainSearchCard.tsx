// Search and purchase (spec §2 Domain Automation, §5): a name checked against the format rules
// before it is sent, the registrar's answer with its price (Premium Price when premium), and a
// Purchase button once it is available. Only .xyz is sold, as the help text says.
import { domainFormatProblem } from '@tracker/schemas';
import { Search, ShoppingCart } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { formatMoney } from '../../lib/format';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { useCheckDomain, usePurchaseDomain, type CheckAnswer } from './domain-actions';

export function DomainSearchCard() {
  const ids = { input: useId(), error: useId(), help: useId() };
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<(CheckAnswer & { domain: string }) | null>(null);
  const check = useCheckDomain();
  const purchase = usePurchaseDomain();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const domain = name.trim();
    const formatProblem = domainFormatProblem(domain);
    setProblem(formatProblem);
    setResult(null);
    if (formatProblem) return;
    check.mutate(domain, { onSuccess: (answer) => setResult({ ...answer, domain }) });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Search Domain</h2>
        </CardTitle>
        <CardDescription id={ids.help}>Only .xyz domains are currently supported.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form className="grid gap-2" onSubmit={onSubmit} noValidate aria-label="Search Domain">
          <Label htmlFor={ids.input}>Domain name</Label>
          <div className="flex flex-wrap gap-2">
            <Input
              id={ids.input}
              className="max-w-md"
              placeholder="example.xyz"
              autoComplete="off"
              spellCheck={false}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setProblem(null);
              }}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? ids.error : ids.help}
            />
            <Button type="submit" disabled={check.isPending}>
              <Search aria-hidden="true" />
              {check.isPending ? 'Checking...' : 'Check Availability'}
            </Button>
          </div>
          {problem && (
            <p id={ids.error} className="text-sm text-destructive">
              {problem}
            </p>
          )}
        </form>
        {result && (
          <div
            role="status"
            aria-label="Availability"
            className={
              result.available
                ? 'flex flex-wrap items-center justify-between gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4'
                : 'rounded-lg border border-destructive/30 bg-destructive/5 p-4'
            }
          >
            <div className="grid gap-1">
              <p className="font-medium">
                {result.available
                  ? `${result.domain} is available`
                  : result.price !== null
                    ? `${result.domain} costs more than your Maximum Domain Price`
                    : `${result.domain} is not available`}
              </p>
              {result.price !== null && (
                <p className="text-sm">
                  <span className="text-muted-foreground">{result.premium ? 'Premium Price' : 'Price'}:</span>{' '}
                  <span className="font-semibold tabular-nums">{formatMoney(result.price)}</span>
                  <span className="text-muted-foreground"> / first year</span>
                </p>
              )}
              {!result.available && <p className="text-sm text-muted-foreground">{result.message}</p>}
            </div>
            {result.available && (
              <Button
                disabled={purchase.isPending}
                onClick={() =>
                  purchase.mutate(result.domain, {
                    onSuccess: (answer) => {
                      if (!answer.success) return;
                      setResult(null);
                      setName('');
                    },
                  })
                }
              >
                <ShoppingCart aria-hidden="true" />
                {purchase.isPending ? 'Purchasing...' : 'Purchase'}
              </Button>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
