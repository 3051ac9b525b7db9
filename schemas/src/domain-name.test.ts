import { expect, test } from '@jest/globals';
import { domainBodySchema, normaliseHost, readDomainName, redirectDomainSchema } from './index';

test('one domain-name rule: trimmed, lower-cased, punycode, for the Domains search and Settings alike', () => {
  expect(readDomainName('  MyTrack.XYZ ')).toEqual({ domain: 'mytrack.xyz', problem: null });
  expect(readDomainName('Bücher.xyz')).toEqual({ domain: 'xn--bcher-kva.xyz', problem: null });
  expect(domainBodySchema.parse({ domain: 'MyTrack.XYZ' })).toEqual({ domain: 'mytrack.xyz' });
  expect(redirectDomainSchema.parse('MyTrack.XYZ')).toBe('mytrack.xyz');
  expect(normaliseHost('MyTrack.XYZ')).toBe(domainBodySchema.parse({ domain: 'MyTrack.XYZ' }).domain);
});

test('what is not a host name is refused with the format message', () => {
  for (const bad of ['Not A Domain', 'bad_name.xyz', 'no-tld', '-dash.xyz', 'mytrack.xyz:8080', 'mytrack.xyz/path']) {
    expect(readDomainName(bad)).toEqual({ domain: null, problem: 'Invalid domain format (e.g., example.com, example.co.uk)' });
  }
  expect(readDomainName('   ').problem).toBe('Domain name is required');
  const refused = domainBodySchema.safeParse({ domain: 'MyTrack.com' });
  expect(refused.error?.issues[0]?.message).toBe('Only .xyz domains are currently supported');
});
