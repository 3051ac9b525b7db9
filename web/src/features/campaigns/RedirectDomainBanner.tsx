// The admins' 'Redirect Domain Not Configured' banner (spec §2 Campaigns), linking to /settings.
import { AlertTriangle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Alert, AlertDescription, AlertTitle } from '../../ui/Alert';

export function RedirectDomainBanner() {
  return (
    <Alert variant="warning">
      <AlertTriangle aria-hidden="true" />
      <AlertTitle>Redirect Domain Not Configured</AlertTitle>
      <AlertDescription>
        <p>
          Tracking links point at this dashboard's own address until a redirect domain is set.{' '}
          <Link to="/settings" className="font-medium underline underline-offset-4">
            Configure it in Settings
          </Link>
        </p>
      </AlertDescription>
    </Alert>
  );
}
