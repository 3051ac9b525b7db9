// The route table (spec §2): every screen's path, title, who may open it, its sidebar entry, and what a
// user refused it gets. The sidebar lists the entries this user may open, in this order.
import {
  CreditCard,
  FileText,
  Globe,
  KeyRound,
  LayoutDashboard,
  Megaphone,
  MousePointerClick,
  PanelsTopLeft,
  Receipt,
  Settings,
  SlidersHorizontal,
  Sparkles,
  Target,
  Users,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { matchPath } from 'react-router-dom';
import { adminOnly, canAccess, featuresOf, needsAnyFeature, needsFeature, signedIn, type Access } from './auth/access';
import type { Feature, SessionUser } from './auth/session-user';

export interface Screen {
  path: string;
  /** The page heading (and the header and document title). */
  title: string;
  access: Access;
  menu?: { label: string; icon: LucideIcon };
}

export const screens: readonly Screen[] = [
  { path: '/', title: 'Dashboard', access: needsFeature('dashboard'), menu: { label: 'Dashboard', icon: LayoutDashboard } },
  // Reached by link only; the spec lists it as "protected" without naming a feature: it needs what its
  // data needs (GET /api/cake/offers), so a user without it is told so instead of seeing empty cards.
  { path: '/offers', title: 'Offers', access: needsAnyFeature('offers', 'performance') },
  { path: '/offer-config', title: 'Offer Configuration', access: adminOnly, menu: { label: 'Offer Config', icon: SlidersHorizontal } },
  { path: '/campaigns', title: 'Campaigns', access: needsFeature('campaigns'), menu: { label: 'Campaigns', icon: Megaphone } },
  // Reached from a campaign's row: its flow (rules, weighted landers and offers) and the flow's history.
  { path: '/campaigns/:id/flow', title: 'Campaign Flow', access: needsFeature('campaigns') },
  { path: '/landers', title: 'Landers', access: needsFeature('landers'), menu: { label: 'Landers', icon: PanelsTopLeft } },
  { path: '/clicks', title: 'Click Log', access: needsFeature('clicks'), menu: { label: 'Click Log', icon: MousePointerClick } },
  // Beside the Click Log, with its access: the same people debug the same traffic.
  { path: '/conversions', title: 'Conversions', access: needsFeature('clicks'), menu: { label: 'Conversions', icon: Receipt } },
  // Automation rules: they act on campaigns, ad groups and ads, so they sit with the traffic screens.
  { path: '/rules', title: 'Rules', access: needsFeature('automation'), menu: { label: 'Rules', icon: Zap } },
  { path: '/tiktok-pixels', title: 'TikTok Pixels', access: signedIn, menu: { label: 'TikTok Pixels', icon: Target } },
  { path: '/sparks', title: 'Spark Setup', access: needsFeature('sparks'), menu: { label: 'Sparks', icon: Sparkles } },
  { path: '/codes', title: 'Verification Codes', access: signedIn, menu: { label: 'Codes', icon: KeyRound } },
  { path: '/billing', title: 'Billing Statements', access: signedIn, menu: { label: 'Transactions', icon: CreditCard } },
  { path: '/invoicing', title: 'Invoice Management', access: adminOnly, menu: { label: 'Invoicing', icon: FileText } },
  { path: '/domains', title: 'Domain Automation', access: adminOnly, menu: { label: 'Domains', icon: Globe } },
  { path: '/users', title: 'User Management', access: adminOnly, menu: { label: 'Users', icon: Users } },
  { path: '/settings', title: 'Settings', access: adminOnly, menu: { label: 'Settings', icon: Settings } },
];

export const NOT_FOUND_TITLE = 'Page Not Found';

export function findScreen(pathname: string): Screen | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return screens.find((screen) => screen.path === path) ?? screens.find((screen) => screen.path.includes(':') && matchPath(screen.path, path));
}

/** The sidebar entries this user may open, in menu order. */
export function menuScreensFor(user: SessionUser): Screen[] {
  return screens.filter((screen) => screen.menu && canAccess(user, screen.access));
}

/**
 * Where a user goes when refused a screen, and after signing in: the dashboard at / when they may
 * open it, else their first menu entry. TikTok Pixels, Codes and Transactions are open to everyone,
 * so there always is one.
 */
export function homePathFor(user: SessionUser): string {
  return menuScreensFor(user)[0]?.path ?? '/tiktok-pixels';
}

/**
 * What a user refused a screen gets. Admin-only screens send them home (spec §6), and so does the
 * dashboard at /, which is where signing in lands. A feature screen reached by a link or bookmark
 * says which feature it needs and offers the way home, rather than silently showing another screen.
 */
export type Refusal =
  | { kind: 'redirect'; to: string }
  | { kind: 'explain'; title: string; features: Feature[]; home: { path: string; label: string } };

/** null when the user may open the screen. */
export function refusalFor(user: SessionUser, screen: Screen): Refusal | null {
  if (canAccess(user, screen.access)) return null;
  const features = featuresOf(screen.access);
  const homePath = homePathFor(user);
  if (screen.path === '/' || features.length === 0) return { kind: 'redirect', to: homePath };
  const home = findScreen(homePath);
  return { kind: 'explain', title: screen.title, features, home: { path: homePath, label: home?.menu?.label ?? home?.title ?? 'Home' } };
}
