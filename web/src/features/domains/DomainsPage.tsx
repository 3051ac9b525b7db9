// The Domain Automation screen at /domains (spec §2, admin only): Test Proxy, search and purchase a
// .xyz domain, and the table of domains with their live status and per-status actions.
import { PlugZap } from 'lucide-react';
import { Button } from '../../ui/Button';
import { PageHeader } from '../../ui/PageHeader';
import { useTestProxy } from './domain-actions';
import { DomainSearchCard } from './DomainSearchCard';
import { DomainTable } from './DomainTable';

export function DomainsPage() {
  const testProxy = useTestProxy();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Domain Automation"
        description="Buy tracking domains, point them at Cloudflare and serve the tracker on a subdomain through the edge worker."
        actions={
          <Button variant="outline" onClick={() => testProxy.mutate()} disabled={testProxy.isPending}>
            <PlugZap aria-hidden="true" />
            {testProxy.isPending ? 'Testing...' : 'Test Proxy'}
          </Button>
        }
      />
      <DomainSearchCard />
      <DomainTable />
    </div>
  );
}
