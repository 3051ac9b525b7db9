// Verification codes (spec §7 GET /api/codes, §9: refetched every 2 s; the server answers 304 while
// nothing changed, which the browser's HTTP cache turns back into the last list) and the Settings →
// Mail data for admins.
import { useQuery } from '@tanstack/react-query';
import type { InboundEmailUrl, MailStatus, VerificationCode } from '@tracker/schemas';

export const CODES_POLL_MS = 2000;
export const CODES_KEY = ['/api/codes'] as const;

export function useCodes() {
  return useQuery<VerificationCode[]>({ queryKey: CODES_KEY, refetchInterval: CODES_POLL_MS });
}

export function useMailStatus() {
  // The counters and the last poll move on their own: a slow refresh keeps the card honest.
  return useQuery<MailStatus>({ queryKey: ['/api/mail-status'], refetchInterval: 10_000 });
}

export function useInboundEmailUrl() {
  return useQuery<InboundEmailUrl>({ queryKey: ['/api/inbound-email-url'] });
}
