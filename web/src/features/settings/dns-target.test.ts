import { describe, expect, it } from '@jest/globals';
import { dnsTarget } from './dns-target';

describe('DNS Setup target', () => {
  it('asks for a CNAME to the host name the app is reached at', () => {
    expect(dnsTarget('tracker.example.com', 'trk.example.net')).toEqual({ kind: 'cname', host: 'tracker.example.com' });
    expect(dnsTarget('Tracker.Example.com.', null)).toEqual({ kind: 'cname', host: 'tracker.example.com' });
  });

  it.each(['127.0.0.1', 'localhost', 'app.localhost', '192.168.1.20', '10.0.0.5', '172.20.1.1', 'tracker-box', 'mac.local', '[::1]', '[fd00::1]'])(
    'never names the local address %s as a target',
    (host) => {
      expect(dnsTarget(host, 'trk.example.com')).toEqual({ kind: 'local', host: host.toLowerCase() });
    },
  );

  it('asks for an A record when the app is reached at a public IP, which a CNAME cannot name', () => {
    expect(dnsTarget('203.0.113.9', null)).toEqual({ kind: 'a-record', ip: '203.0.113.9' });
    expect(dnsTarget('[2001:db8::7]', null)).toEqual({ kind: 'a-record', ip: '2001:db8::7' });
  });

  it('says so when the app is already opened on the redirect domain', () => {
    expect(dnsTarget('trk.example.com', 'TRK.example.com')).toEqual({ kind: 'already', host: 'trk.example.com' });
  });
});
