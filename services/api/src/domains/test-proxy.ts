// POST /api/domains/test-proxy: one authenticated registrar call through DOMAINS_SOCKS_PROXY proves
// the proxy connects and its IP is the whitelisted one. Without a proxy it says calls go direct.
import { requireRegistrar, type DomainAutomation } from '@tracker/integrations';

export async function testProxy(domains: DomainAutomation): Promise<{ success: boolean; message: string }> {
  const registrar = requireRegistrar(domains);
  try {
    const balance = await registrar.balance();
    const via = domains.proxyUrl ? `through the SOCKS5 ${registrar.route}` : 'directly (DOMAINS_SOCKS_PROXY is not set, so no proxy is used)';
    return { success: Boolean(domains.proxyUrl), message: `The registrar answered ${via}; available balance ${balance.availableBalance} ${balance.currency}` };
  } catch (error) {
    return { success: false, message: error instanceof Error ? error.message : String(error) };
  }
}
