// /api/fx-rates: the reference exchange rates (docs/currencies.md), admin only. The list shows what counts
// per day and currency (a manual rate over the ECB's, with the ECB's beside it); an admin enters a manual
// rate for a day that has none or a wrong one, and may remove it again; either has that day's spend converted again.
// Any signed-in user may read the latest rate of a few currencies against the workspace currency (the offer
// screens show it beside a payout currency): ECB reference rates are public figures.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest, crossRateOn, deleteManualRate, latestEcbDay, listFxRates, notFound, saveManualRate, workspaceCurrency, type Db, type JobQueue } from '@tracker/core';
import {
  fxRateParamsSchema,
  fxRateRowSchema,
  fxRatesQuerySchema,
  fxRatesResponseSchema,
  latestRatesQuerySchema,
  latestRatesResponseSchema,
  manualRateBodySchema,
  rateText,
  SPEND_REEXPRESS_JOB,
  type CurrencyCode,
  type LatestRate,
} from '@tracker/schemas';
import { currentUser } from '../auth/access';

export interface FxRateDeps {
  db: Db;
  /** Where spend of a day whose rate changed is converted again (the workers' job); absent: not re-converted. */
  queue?: JobQueue;
}

export async function fxRateRoutes(scope: FastifyInstance, deps: FxRateDeps) {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get('/fx-rates', { config: { access: 'admin' }, schema: { querystring: fxRatesQuerySchema, response: { 200: fxRatesResponseSchema } } }, async (request) => ({
    latestEcbDay: await latestEcbDay(deps.db),
    rates: await listFxRates(deps.db, request.query.startDate, request.query.endDate),
  }));

  app.get(
    '/fx-rates/latest',
    { config: { access: 'user' }, schema: { querystring: latestRatesQuerySchema, response: { 200: latestRatesResponseSchema } } },
    async (request) => {
      const currency = await workspaceCurrency(deps.db);
      const today = new Date().toISOString().slice(0, 10);
      const asked = [...new Set(request.query.currencies as CurrencyCode[])].filter((code) => code !== currency);
      const rates = await Promise.all(asked.map((code) => latestRate(deps.db, code, currency, today)));
      return { currency, rates: rates.filter((rate): rate is LatestRate => rate !== null) };
    },
  );

  app.put(
    '/fx-rates/:date/:currency',
    { config: { access: 'admin' }, schema: { params: fxRateParamsSchema, body: manualRateBodySchema, response: { 200: fxRateRowSchema } } },
    async (request) => {
      const { date, currency } = request.params;
      // No rate for a day still to come: the ECB's, when it is published, is the one to use.
      if (date > new Date().toISOString().slice(0, 10)) throw badRequest('A rate can be entered for today or an earlier day');
      await saveManualRate(deps.db, { day: date, currency, rate: request.body.rate, userId: currentUser(request).id });
      await deps.queue?.enqueue(SPEND_REEXPRESS_JOB, { days: [date] });
      const [row] = await listFxRates(deps.db, date, date).then((rows) => rows.filter((r) => r.currency === currency));
      return row!;
    },
  );

  app.delete('/fx-rates/:date/:currency', { config: { access: 'admin' }, schema: { params: fxRateParamsSchema } }, async (request, reply) => {
    if (!(await deleteManualRate(deps.db, request.params.date, request.params.currency))) {
      throw notFound(`No manual rate of ${request.params.currency} for ${request.params.date}`);
    }
    await deps.queue?.enqueue(SPEND_REEXPRESS_JOB, { days: [request.params.date] });
    return reply.status(204).send();
  });
}

/** The rate of `from` in `to` that counts today (the last publication at most 7 days back), its publication day
 *  (the later of the two EUR rates' days) and 'manual' when either EUR rate is an admin's. */
async function latestRate(db: Db, from: CurrencyCode, to: CurrencyCode, today: string): Promise<LatestRate | null> {
  const cross = await crossRateOn(db, from, to, today);
  if (!cross) return null;
  const legs = [cross.from, cross.to].filter((leg) => leg.source !== 'fixed');
  return {
    currency: from,
    rate: rateText(cross.rate),
    day: legs.map((leg) => leg.day).sort().at(-1) ?? today,
    source: legs.some((leg) => leg.source === 'manual') ? 'manual' : 'ecb',
  };
}
