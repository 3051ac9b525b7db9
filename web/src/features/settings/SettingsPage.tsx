// The Settings screen at /settings (spec §2; admin only): domain price, redirect and exit domains,
// report time zone, currency and reference rates, fallback URL, worker redeploy, postback URL, DNS instructions and the codes mail
// sources; then Integrations (TikTok ad accounts, CAKE); then Alerts (channels, thresholds, the log); then
// Status (stores, disk, pipeline, syncs).
import { useSignedInUser } from '../../app/auth/auth-context';
import { errorMessage } from '../../lib/api';
import { PageHeader } from '../../ui/PageHeader';
import { AlertLogCard } from '../alerts/AlertLogCard';
import { AlertThresholdsCard } from '../alerts/AlertThresholdsCard';
import { NotificationChannelsCard } from '../alerts/NotificationChannelsCard';
import { TiktokAccountsCard } from '../tiktok-accounts/TiktokAccountsCard';
import { CakeIntegrationCard } from './CakeIntegrationCard';
import { CurrencyCard } from './CurrencyCard';
import { DnsInstructionsCard } from './DnsInstructionsCard';
import { FallbackUrlCard } from './FallbackUrlCard';
import { MailCard } from './MailCard';
import { MaxDomainPriceCard } from './MaxDomainPriceCard';
import { PostbackUrlCard } from './PostbackUrlCard';
import { settingValue, useSettings } from './queries';
import { SpillWarning } from './SpillWarning';
import { StatusCard } from './StatusCard';
import { RedeployWorkerCard } from './RedeployWorkerCard';
import { ReportTimezoneCard } from './ReportTimezoneCard';
import { TrackingDomainsForm } from './TrackingDomainsForm';

export function SettingsPage() {
  const isAdmin = useSignedInUser().role === 'admin';
  const settings = useSettings({ enabled: isAdmin });

  if (!isAdmin) {
    return (
      <div className="space-y-6">
        <PageHeader title="Settings" />
        <p className="text-sm text-muted-foreground">Only admins can access settings.</p>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <PageHeader title="Settings" description="System settings for tracking links, domains and reports" />
      <SpillWarning />
      {settings.isPending ? (
        <p className="text-sm text-muted-foreground">Loading settings...</p>
      ) : settings.isError ? (
        <p className="text-sm text-destructive">Could not load settings: {errorMessage(settings.error)}</p>
      ) : (
        <div className="grid gap-6 xl:grid-cols-2">
          <TrackingDomainsForm
            redirectDomain={settingValue(settings.data, 'redirect_domain')}
            globalExitDomain={settingValue(settings.data, 'global_exit_domain')}
          />
          <PostbackUrlCard />
          <FallbackUrlCard stored={settingValue(settings.data, 'fallback_url')} />
          <MaxDomainPriceCard stored={settingValue(settings.data, 'max_domain_price')} />
          <ReportTimezoneCard stored={settingValue(settings.data, 'report_timezone')} />
          <CurrencyCard stored={settingValue(settings.data, 'currency')} />
          <RedeployWorkerCard />
          <DnsInstructionsCard redirectDomain={settingValue(settings.data, 'redirect_domain')} />
          <MailCard />
        </div>
      )}
      <section className="space-y-4" aria-labelledby="integrations-heading">
        <h2 id="integrations-heading" className="text-lg font-semibold">
          Integrations
        </h2>
        <div className="grid gap-6 xl:grid-cols-2">
          <TiktokAccountsCard />
          <CakeIntegrationCard />
        </div>
      </section>
      <section className="space-y-4" aria-labelledby="alerts-heading">
        <h2 id="alerts-heading" className="text-lg font-semibold">
          Alerts
        </h2>
        <div className="grid gap-6 xl:grid-cols-2">
          <NotificationChannelsCard />
          <AlertLogCard />
          {settings.data && (
            <AlertThresholdsCard
              hours={settingValue(settings.data, 'alert_conversions_silent_hours')}
              lagMinutes={settingValue(settings.data, 'alert_projector_lag_minutes')}
            />
          )}
        </div>
      </section>
      <section className="space-y-4" aria-labelledby="status-heading">
        <h2 id="status-heading" className="text-lg font-semibold">
          Status
        </h2>
        <StatusCard />
      </section>
    </div>
  );
}
