// Which host a campaign's links point at (spec §9 "Tracking host resolution order"): the tracking URL
// uses the campaign's active custom domain, else the redirect_domain setting, else the browser's
// origin; the lander exit code puts the global_exit_domain setting first. Campaign rows may carry the
// server's own resolution (trackingHost, exitHost), which is all a non-admin, who may not read
// settings, has to go on.
import { isUsableDomain, type Domain } from '../domains/queries';

export interface HostSettings {
  redirectDomain: string | null;
  globalExitDomain: string | null;
}

export interface CampaignHosts {
  domain: Pick<Domain, 'domain' | 'subdomain' | 'status'> | null;
  /** The server's resolution: the active custom domain, else the redirect domain. */
  trackingHost?: string | null;
  /** The server's global exit domain. */
  exitHost?: string | null;
}

/** `trk.example.com` or `https://trk.example.com/` → `https://trk.example.com`. */
export function originOfHost(host: string): string {
  const bare = host.trim().replace(/^https?:\/\//i, '').replace(/\/+$/, '');
  return `https://${bare}`;
}

function firstHost(...hosts: (string | null | undefined)[]): string | null {
  return hosts.find((host): host is string => Boolean(host && host.trim())) ?? null;
}

/** The origin of the campaign's tracking URL. */
export function trackingOrigin(campaign: CampaignHosts, settings: HostSettings, browserOrigin: string): string {
  const { domain } = campaign;
  const customHost = domain && isUsableDomain(domain) ? `${domain.subdomain}.${domain.domain}` : null;
  const host = firstHost(customHost, settings.redirectDomain, campaign.trackingHost);
  return host ? originOfHost(host) : browserOrigin;
}

/** The origin landers load the exit script from and send exit clicks to. */
export function exitOrigin(campaign: CampaignHosts, settings: HostSettings, browserOrigin: string): string {
  const host = firstHost(settings.globalExitDomain, campaign.exitHost);
  return host ? originOfHost(host) : trackingOrigin(campaign, settings, browserOrigin);
}
