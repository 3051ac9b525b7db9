// /api/rules and /api/automation/log (admins, or users with the automation permission): automation rules:
// list, add, edit, delete, run now (answers what it decided), the log, and a replay over history.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { notFound, schema, type Db } from '@tracker/core';
import {
  dateRangeQuerySchema,
  MAX_REPLAY_DAYS,
  ruleInputSchema,
  ruleLogSchema,
  ruleOptionsSchema,
  rulePatchSchema,
  ruleReplaySchema,
  ruleRunSchema,
  rulesSchema,
  ruleSchema,
} from '@tracker/schemas';
import type { Access } from '../auth/access';
import { serialIdOr404 } from '../ids/serial-id';
import { evaluateRule, resolveRuleAlerts, type RuleEngineDeps } from './evaluate-rule';
import { listAutomationLog, listRuleLog } from './list-rule-log';
import { replayRule } from './replay-rule';
import type { RuleRow } from './rule-record';
import { ruleViews } from './rule-view';
import { createRule, RULE_NOT_FOUND, updateRule } from './save-rule';

export type RuleRouteDeps = RuleEngineDeps & { now?: () => Date };

const access: Access = { feature: 'automation' };
const idParams = z.object({ id: z.string() });
const replayQuery = z.object({
  days: z.coerce
    .number({ error: `days must be a number from 1 to ${MAX_REPLAY_DAYS}` })
    .int(`days must be a number from 1 to ${MAX_REPLAY_DAYS}`)
    .min(1, `days must be a number from 1 to ${MAX_REPLAY_DAYS}`)
    .max(MAX_REPLAY_DAYS, `days must be a number from 1 to ${MAX_REPLAY_DAYS}`)
    .default(7),
});

export async function ruleRoutes(scope: FastifyInstance, deps: RuleRouteDeps) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const now = () => (deps.now ? deps.now().getTime() : Date.now());

  async function rule(db: Db, raw: string): Promise<RuleRow> {
    const [row] = await db.select().from(schema.rules).where(eq(schema.rules.id, serialIdOr404(raw, RULE_NOT_FOUND)));
    if (!row) throw notFound(RULE_NOT_FOUND);
    return row;
  }
  const view = async (row: RuleRow) => (await ruleViews(deps.db, [row], now()))[0]!;

  app.get('/rules/options', { config: { access }, schema: { response: { 200: ruleOptionsSchema } } }, async () => {
    const [accounts, channels] = await Promise.all([
      deps.db.select({ advertiserId: schema.tiktokAccounts.advertiserId, name: schema.tiktokAccounts.name }).from(schema.tiktokAccounts).orderBy(schema.tiktokAccounts.name),
      deps.db
        .select({ id: schema.notificationChannels.id, name: schema.notificationChannels.name, type: schema.notificationChannels.type })
        .from(schema.notificationChannels)
        .orderBy(schema.notificationChannels.name),
    ]);
    return { accounts, channels };
  });

  app.get('/rules', { config: { access }, schema: { response: { 200: rulesSchema } } }, async () =>
    ruleViews(deps.db, await deps.db.select().from(schema.rules).orderBy(schema.rules.name, schema.rules.id), now()),
  );

  app.post('/rules', { config: { access }, schema: { body: ruleInputSchema, response: { 201: ruleSchema } } }, async (request, reply) =>
    reply.status(201).send(await view(await createRule(deps.db, request.body))),
  );

  app.get('/rules/:id', { config: { access }, schema: { params: idParams, response: { 200: ruleSchema } } }, async (request) =>
    view(await rule(deps.db, request.params.id)),
  );

  // rulePatchSchema fills the defaults of absent fields; only the fields sent may change the rule, so their
  // names are taken before validation.
  const sentFields = new WeakMap<object, string[]>();
  app.patch(
    '/rules/:id',
    {
      config: { access },
      schema: { params: idParams, body: rulePatchSchema, response: { 200: ruleSchema } },
      preValidation: async (request) => {
        const body = request.body;
        if (body && typeof body === 'object' && !Array.isArray(body)) sentFields.set(request, Object.keys(body));
      },
    },
    async (request) => {
      const row = await rule(deps.db, request.params.id);
      const body = request.body as Record<string, unknown>;
      const patch = Object.fromEntries((sentFields.get(request) ?? []).filter((k) => k in body).map((k) => [k, body[k]]));
      return view(await updateRule(deps.db, row, patch));
    },
  );

  app.delete('/rules/:id', { config: { access }, schema: { params: idParams } }, async (request, reply) => {
    const row = await rule(deps.db, request.params.id);
    await deps.db.delete(schema.rules).where(eq(schema.rules.id, row.id));
    await resolveRuleAlerts(deps, row.id, row.notify);
    return reply.status(204).send();
  });

  app.post('/rules/:id/run', { config: { access }, schema: { params: idParams, response: { 200: ruleRunSchema } } }, async (request) =>
    evaluateRule(deps, await rule(deps.db, request.params.id), { now: now(), manual: true }),
  );

  app.get('/rules/:id/log', { config: { access }, schema: { params: idParams, response: { 200: ruleLogSchema } } }, async (request) =>
    listRuleLog(deps.db, (await rule(deps.db, request.params.id)).id),
  );

  app.post(
    '/rules/:id/replay',
    { config: { access }, schema: { params: idParams, querystring: replayQuery, response: { 200: ruleReplaySchema } } },
    async (request) => replayRule(deps, await rule(deps.db, request.params.id), request.query.days, now()),
  );

  app.get('/automation/log', { config: { access }, schema: { querystring: dateRangeQuerySchema, response: { 200: ruleLogSchema } } }, async (request) =>
    listAutomationLog(deps.db, request.query),
  );
}
