// DNS instructions (spec §2 Settings): point the redirect domain at this app with a CNAME record.
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';

export function DnsInstructionsCard({ redirectDomain }: { redirectDomain: string | null }) {
  const appHost = window.location.hostname;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>DNS Setup</h2>
        </CardTitle>
        <CardDescription>How to point your redirect domain at this app.</CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="list-decimal space-y-2 pl-5 text-sm">
          <li>Open the DNS settings of your domain at its registrar or DNS provider.</li>
          <li>
            Create a <strong>CNAME</strong> record for <code className="rounded bg-muted px-1">{redirectDomain ?? 'your redirect domain'}</code>{' '}
            pointing to the deployed app: <code className="rounded bg-muted px-1">{appHost}</code>.
          </li>
          <li>Save the redirect domain above.</li>
          <li>Wait for DNS to propagate: it can take up to 48 hours.</li>
        </ol>
      </CardContent>
    </Card>
  );
}
