// Redeploy Worker (spec §2 Settings): redeploys the edge worker that routes custom domains to the
// tracker. A failure shows 'Redeploy failed' with the server's message.
import { RefreshCw } from 'lucide-react';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { useRedeployWorker } from './queries';

export function RedeployWorkerCard() {
  const redeploy = useRedeployWorker();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Edge Worker</h2>
        </CardTitle>
        <CardDescription>The worker routes your custom domains to the tracker. Redeploy it after changing domains or settings.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={() => redeploy.mutate()} disabled={redeploy.isPending}>
          <RefreshCw className={redeploy.isPending ? 'animate-spin' : undefined} aria-hidden="true" />
          {redeploy.isPending ? 'Redeploying...' : 'Redeploy Worker'}
        </Button>
      </CardContent>
    </Card>
  );
}
