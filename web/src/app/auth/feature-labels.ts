// How the screens name the features of spec §3 user_permissions: the permission checkboxes and the
// access message of a screen the user lacks a feature for.
import type { Feature } from '@tracker/schemas';

export const FEATURE_LABELS: Record<Feature, string> = {
  dashboard: 'Dashboard',
  campaigns: 'Campaigns',
  landers: 'Landers',
  offers: 'Offers',
  sparks: 'Sparks',
  clicks: 'Click Log',
  performance: 'Performance',
  automation: 'Automation',
};
