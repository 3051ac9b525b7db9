// How the permission checkboxes name the features of spec §3 user_permissions.
import type { Feature } from '@tracker/schemas';

export const FEATURE_LABELS: Record<Feature, string> = {
  dashboard: 'Dashboard',
  campaigns: 'Campaigns',
  landers: 'Landers',
  offers: 'Offers',
  sparks: 'Sparks',
  clicks: 'Click Log',
  performance: 'Performance',
};
