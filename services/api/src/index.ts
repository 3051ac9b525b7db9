// services/api: the /api routes of the dashboard and the web app they serve.
export { registerApi, type ApiDeps } from './api-plugin';
export { configureAdmin, ensureAdmin, type AdminOutcome } from './auth/ensure-admin';
export { hashPassword, generatePassword } from './auth/password';
export { optimizeCampaignFlows } from './campaigns/optimize-campaign-flows';
export { evaluateEnabledRules, type RuleEngineDeps } from './rules/evaluate-rule';
