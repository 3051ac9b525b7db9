import { describe, expect, it } from '@jest/globals';
import type { Feature, SessionUser } from './auth/session-user';
import { findScreen, menuScreensFor, refusalFor } from './screens';

const user = (permissions: Feature[]): SessionUser => ({ id: 2, username: 'buyer', role: 'user', permissions, reportTimezone: 'UTC', currency: 'USD' });
const admin: SessionUser = { id: 1, username: 'admin', role: 'admin', permissions: [], reportTimezone: 'UTC', currency: 'USD' };
const screen = (path: string) => findScreen(path)!;

describe('who may open a screen, and what a refused user gets', () => {
  it('/offers needs the offers or the performance feature, as GET /api/cake/offers does', () => {
    expect(refusalFor(user(['offers']), screen('/offers'))).toBeNull();
    expect(refusalFor(user(['performance']), screen('/offers'))).toBeNull();
    expect(refusalFor(admin, screen('/offers'))).toBeNull();
    expect(refusalFor(user(['landers']), screen('/offers'))).toEqual({
      kind: 'explain',
      title: 'Offers',
      features: ['offers', 'performance'],
      home: { path: '/landers', label: 'Landers' },
    });
  });

  it('a feature screen explains itself, naming the feature and a way home', () => {
    expect(refusalFor(user(['dashboard']), screen('/clicks'))).toEqual({
      kind: 'explain',
      title: 'Click Log',
      features: ['clicks'],
      home: { path: '/', label: 'Dashboard' },
    });
  });

  it('admin-only screens and the dashboard at / send a refused user home (spec §6)', () => {
    expect(refusalFor(user(['clicks']), screen('/settings'))).toEqual({ kind: 'redirect', to: '/clicks' });
    expect(refusalFor(user(['clicks']), screen('/'))).toEqual({ kind: 'redirect', to: '/clicks' });
    expect(refusalFor(user([]), screen('/'))).toEqual({ kind: 'redirect', to: '/tiktok-pixels' });
  });

  it('screens open to every signed-in user are never refused', () => {
    for (const path of ['/tiktok-pixels', '/codes', '/billing']) expect(refusalFor(user([]), screen(path))).toBeNull();
  });

  it('the sidebar offers only what the user may open', () => {
    expect(menuScreensFor(user(['landers'])).map((s) => s.menu!.label)).toEqual(['Landers', 'TikTok Pixels', 'Codes', 'Transactions']);
    expect(menuScreensFor(admin)).toHaveLength(15);
    expect(menuScreensFor(user(['automation'])).map((s) => s.menu!.label)).toEqual(['Rules', 'TikTok Pixels', 'Codes', 'Transactions']);
    expect(refusalFor(user(['dashboard']), screen('/rules'))).toMatchObject({ kind: 'explain', title: 'Rules', features: ['automation'] });
  });
});
