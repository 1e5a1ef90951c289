/** Usage metrics and applications, for the admin's table: a feature's usage, its hour buckets, the applications and their SDKs. */
import { getApplication } from '../operations/get-application';
import { getApplicationEnvironmentInstances } from '../operations/get-application-environment-instances';
import { getApplicationOverview } from '../operations/get-application-overview';
import { getApplications } from '../operations/get-applications';
import { getFeatureUsageSummary } from '../operations/get-feature-usage-summary';
import { getOutdatedSdks } from '../operations/get-outdated-sdks';
import { getRawFeatureMetrics } from '../operations/get-raw-feature-metrics';

export const USAGE_OPERATIONS = {
  getFeatureUsageSummary,
  getRawFeatureMetrics,
  getApplications,
  getApplication,
  getApplicationOverview,
  getApplicationEnvironmentInstances,
  getOutdatedSdks,
} as const;
