// DNS instructions (spec §2 Settings): point the redirect domain at this app with a CNAME record, naming
// the host the app is reached at; on a local address, what to do instead (dns-target.ts).
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { dnsTarget } from './dns-target';

const code = 'rounded bg-muted px-1 font-mono text-xs wrap-break-word';

export function DnsInstructionsCard({ redirectDomain }: { redirectDomain: string | null }) {
  const target = dnsTarget(window.location.hostname, redirectDomain);
  const domain = <code className={code}>{redirectDomain ?? 'your redirect domain'}</code>;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>DNS Setup</h2>
        </CardTitle>
        <CardDescription>How to point your redirect domain at this app.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {target.kind === 'local' && (
          <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
            This app is open at <code className={code}>{target.host}</code>, a local address that ad visitors cannot reach. Run the
            tracker on a server with a public host name (for example <code className={code}>tracker.yourcompany.com</code>), open
            this page there, and point the CNAME at that host. To test on this machine, use the tracking links with{' '}
            <code className={code}>{window.location.origin}</code> instead of a domain.
          </p>
        )}
        {target.kind === 'already' ? (
          <p>
            You are using this app through <code className={code}>{target.host}</code>: its DNS already points here. New tracking
            domains need the same record as that host.
          </p>
        ) : (
          <ol className="list-decimal space-y-2 pl-5">
            <li>Open the DNS settings of your domain at its registrar or DNS provider.</li>
            <li>
              {target.kind === 'cname' && (
                <>
                  Create a <strong>CNAME</strong> record for {domain} pointing to the deployed app:{' '}
                  <code className={code}>{target.host}</code>.
                </>
              )}
              {target.kind === 'a-record' && (
                <>
                  Create an <strong>{target.ip.includes(':') ? 'AAAA' : 'A'}</strong> record for {domain} pointing to this app's IP address{' '}
                  <code className={code}>{target.ip}</code> (a CNAME cannot point at an IP address).
                </>
              )}
              {target.kind === 'local' && (
                <>
                  Create a <strong>CNAME</strong> record for {domain} pointing to the public host name of your deployed tracker.
                </>
              )}
            </li>
            <li>Save the redirect domain above.</li>
            <li>Wait for DNS to propagate: it can take up to 48 hours.</li>
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
