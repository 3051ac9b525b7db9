// Passwords in configured URLs: masked on the way out, kept when the masked URL comes back unchanged.
import { expect, test } from '@jest/globals';
import { maskUrlCredentials, restoreMaskedPassword } from './url-credentials';

test('the password is masked, the user name kept; URLs without one are unchanged', () => {
  expect(maskUrlCredentials('https://user:pass@network.example/')).toBe('https://user:***@network.example/');
  expect(maskUrlCredentials('https://user:p%40ss@network.example:8443/api?x=1')).toBe('https://user:***@network.example:8443/api?x=1');
  expect(maskUrlCredentials('https://user@network.example/')).toBe('https://user@network.example/');
  expect(maskUrlCredentials('https://network.example/')).toBe('https://network.example/');
  expect(maskUrlCredentials('not a url //user:pass@host/')).toBe('not a url //user:***@host/');
});

test('a masked URL sent back keeps the stored password, only for the same user and host', () => {
  const stored = 'https://user:secret@network.example/';
  expect(restoreMaskedPassword('https://user:***@network.example/', stored)).toBe(stored);
  expect(restoreMaskedPassword('https://user:***@network.example/v2/', stored)).toBe('https://user:secret@network.example/v2/');
  expect(restoreMaskedPassword('https://user:***@elsewhere.example/', stored)).toBe('https://user:***@elsewhere.example/');
  expect(restoreMaskedPassword('https://other:***@network.example/', stored)).toBe('https://other:***@network.example/');
  expect(restoreMaskedPassword('https://user:new@network.example/', stored)).toBe('https://user:new@network.example/');
  expect(restoreMaskedPassword('https://user:***@network.example/', undefined)).toBe('https://user:***@network.example/');
});
