// The tracking host order of spec §9 and the tracking URL shape of spec §2.
import { describe, expect, test } from '@jest/globals';
import { exitOrigin, originOfHost, trackingOrigin } from './tracking-host';
import { trackingUrl } from './tracking-code';

const ORIGIN = 'http://127.0.0.1:5000';
const active = { domain: 'example.xyz', subdomain: 'trk', status: 'active' as const };
const none = { redirectDomain: null, globalExitDomain: null };

describe('tracking host order', () => {
  test("the campaign's active custom domain comes first", () => {
    expect(trackingOrigin({ domain: active }, { redirectDomain: 'go.example.com', globalExitDomain: 'exit.example.com' }, ORIGIN)).toBe(
      'https://trk.example.xyz',
    );
  });

  test('a domain that is not active, or has no subdomain, is skipped', () => {
    expect(trackingOrigin({ domain: { ...active, status: 'configuring_dns' } }, { ...none, redirectDomain: 'go.example.com' }, ORIGIN)).toBe(
      'https://go.example.com',
    );
    expect(trackingOrigin({ domain: { ...active, subdomain: null } }, none, ORIGIN)).toBe(ORIGIN);
  });

  test('the browser origin is the last resort', () => {
    expect(trackingOrigin({ domain: null }, none, ORIGIN)).toBe(ORIGIN);
  });

  test('the exit code prefers the global exit domain, then the tracking host', () => {
    expect(exitOrigin({ domain: active }, { redirectDomain: 'go.example.com', globalExitDomain: 'exit.example.com' }, ORIGIN)).toBe(
      'https://exit.example.com',
    );
    expect(exitOrigin({ domain: null }, { redirectDomain: 'go.example.com', globalExitDomain: null }, ORIGIN)).toBe('https://go.example.com');
  });

  test("without settings (a non-admin) the server's own resolution on the row is used", () => {
    expect(trackingOrigin({ domain: null, trackingHost: 'go.example.com', exitHost: 'exit.example.com' }, none, ORIGIN)).toBe(
      'https://go.example.com',
    );
    expect(exitOrigin({ domain: null, trackingHost: 'go.example.com', exitHost: 'exit.example.com' }, none, ORIGIN)).toBe(
      'https://exit.example.com',
    );
    expect(exitOrigin({ domain: null, trackingHost: null, exitHost: null }, none, ORIGIN)).toBe(ORIGIN);
  });

  test('a stored host with a scheme or trailing slash still gives one clean origin', () => {
    expect(originOfHost('https://go.example.com/')).toBe('https://go.example.com');
  });
});

describe('tracking URL', () => {
  test('carries the TikTok macros, and the spark only when the campaign has one', () => {
    expect(trackingUrl('https://go.example.com', 'abc123', null)).toBe(
      'https://go.example.com/r/abc123?cid=__CAMPAIGN_ID__&ad=__AID__&cr=__CID__&plc=__PLACEMENT__&cname=__CAMPAIGN_NAME__&aname=__AID_NAME__&crname=__CID_NAME__',
    );
    expect(trackingUrl('https://go.example.com', 'abc123', 'sp_9')).toMatch(/&crname=__CID_NAME__&spark=sp_9$/);
  });
});
