// The rule builder (New rule / Edit rule): every field of POST /api/rules — name, level, ad accounts, optional
// TikTok campaigns, window, up to five conditions, the guard, the action (percent and cap for a budget change),
// cool-down, daily cap, channels to notify, enabled, and Dry run / Live (going live asks first). The wire schema
// checks the form; a refusal by the server shows in the dialog above its buttons.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  MAX_RULE_CONDITIONS,
  RULE_ACTION_LABELS,
  RULE_ACTIONS,
  RULE_LEVEL_LABELS,
  RULE_LEVELS,
  RULE_METRIC_LABELS,
  RULE_METRICS,
  RULE_OP_LABELS,
  RULE_OPS,
  RULE_WINDOW_LABELS,
  RULE_WINDOWS,
  ruleInputSchema,
  type Rule,
  type RuleActionType,
  type RuleInput,
  type RuleLevel,
  type RuleMetric,
  type RuleMode,
  type RuleOp,
  type RuleWindow,
} from '@tracker/schemas';
import { Plus, X } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { errorMessage } from '../../lib/api';
import { currencySymbol, formatTypedMoney, shownCurrency } from '../../lib/format';
import { toastValidationError } from '../../lib/failure-toast';
import { Alert, AlertDescription } from '../../ui/Alert';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/Dialog';
import { FieldError } from '../../ui/FieldError';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/Select';
import { Switch } from '../../ui/Switch';
import { TextField } from '../../ui/TextField';
import { CheckboxList } from '../users/CheckboxList';
import { useRuleOptions, useSaveRule } from './queries';
import { isBudgetAction } from './rule-words';

interface RuleFormValues {
  name: string;
  level: RuleLevel;
  accountIds: string[];
  campaignIdsText: string;
  window: RuleWindow;
  conditions: { metric: RuleMetric; op: RuleOp; value: number | undefined }[];
  guard: { minSpend: number | undefined; minVisits: number | undefined };
  action: { type: RuleActionType; percent: number | null; budgetCap: number | null };
  cooldownMinutes: number | undefined;
  maxActionsPerDay: number | undefined;
  mode: RuleMode;
  notify: number[];
  enabled: boolean;
}

// A new rule starts as the loser-pausing rule buyers ask for first, in dry run: edit, or replay it as is.
const NEW_RULE: RuleFormValues = {
  name: '',
  level: 'ad',
  accountIds: [],
  campaignIdsText: '',
  window: 'today',
  conditions: [
    { metric: 'spend', op: 'gt', value: 50 },
    { metric: 'conversions', op: 'lt', value: 1 },
  ],
  guard: { minSpend: 0, minVisits: 0 },
  action: { type: 'pause', percent: null, budgetCap: null },
  cooldownMinutes: 60,
  maxActionsPerDay: 20,
  mode: 'dry_run',
  notify: [],
  enabled: true,
};

function formValuesOf(rule: Rule): RuleFormValues {
  return {
    name: rule.name,
    level: rule.level,
    accountIds: rule.accountIds,
    campaignIdsText: rule.campaignIds.join(', '),
    window: rule.window,
    conditions: rule.conditions,
    guard: rule.guard,
    action: rule.action,
    cooldownMinutes: rule.cooldownMinutes,
    maxActionsPerDay: rule.maxActionsPerDay,
    mode: rule.mode,
    notify: rule.notify,
    enabled: rule.enabled,
  };
}

const idList = (text: string) => text.split(/[\s,]+/).filter(Boolean);

function bodyOf(values: RuleFormValues): Record<string, unknown> {
  const { campaignIdsText, action, ...rest } = values;
  return {
    ...rest,
    campaignIds: idList(campaignIdsText),
    // Percent and cap belong to a budget change only; kept in the form while the type flips back and forth.
    action: isBudgetAction(action.type) ? action : { type: action.type },
  };
}

function ruleResolver(): Resolver<RuleFormValues, unknown, RuleInput> {
  const resolve = zodResolver(ruleInputSchema) as unknown as Resolver<Record<string, unknown>, unknown, RuleInput>;
  return async (values, context, options) => {
    const result = await resolve(bodyOf(values), context, options as never);
    // The typed campaign ids are checked as a list: its messages go under the field they were typed in.
    const errors = result.errors as Record<string, unknown>;
    if (errors.campaignIds) errors.campaignIdsText = firstError(errors.campaignIds);
    return result as never;
  };
}

/** The first { message } in an error tree (a list's errors are per item). */
function firstError(error: unknown): { message: string } | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string' && error.message) return { message: error.message };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'ref') continue;
    const found = firstError(value);
    if (found) return found;
  }
  return undefined;
}

/** Blank is "not given": the schema's default applies (or its "must be a number" where there is none). */
const numberOrUndefined = (v: unknown) => (v === '' || v == null ? undefined : Number(v));
const numberOrNull = (v: unknown) => (v === '' || v == null ? null : Number(v));

function EnumSelect<T extends string>({
  id,
  value,
  onChange,
  options,
  labels,
  ariaLabel,
  className,
}: {
  id?: string;
  value: T;
  onChange: (value: T) => void;
  options: readonly T[];
  labels: Record<T, string>;
  ariaLabel?: string;
  className?: string;
}) {
  return (
    <Select value={value} onValueChange={(v) => onChange(v as T)}>
      <SelectTrigger id={id} aria-label={ariaLabel} className={className}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option} value={option}>
            {labels[option]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">{title}</legend>
      {hint && <p className="-mt-1 text-xs text-muted-foreground">{hint}</p>}
      {children}
    </fieldset>
  );
}

/** What going live means for the rule's action, asked before the switch flips. */
const LIVE_WARNING: Record<RuleActionType, string> = {
  pause: 'Once saved, it pauses on TikTok whatever it matches, every 15 minutes, with no one checking first.',
  enable: 'Once saved, it enables on TikTok whatever it matches, every 15 minutes, with no one checking first.',
  budget_increase: 'Once saved, it raises budgets on TikTok (up to the cap) whenever it matches, every 15 minutes, with no one checking first.',
  budget_decrease: 'Once saved, it lowers budgets on TikTok whenever it matches, every 15 minutes, with no one checking first.',
  notify: 'Once saved, it tells its channels of every match instead of only logging it. Nothing is changed on TikTok.',
};

/** `rule` null: a new rule. */
export function RuleDialog({ open, onOpenChange, rule }: { open: boolean; onOpenChange: (open: boolean) => void; rule: Rule | null }) {
  // The connected accounts and the channels, by name: GET /api/rules/options, readable by whoever may write rules.
  const options = useRuleOptions({ enabled: open });
  const save = useSaveRule();
  const editing = rule !== null;
  const resolver = useMemo(() => ruleResolver(), []);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setValue,
    formState: { errors },
  } = useForm<RuleFormValues, unknown, RuleInput>({ resolver, defaultValues: NEW_RULE });
  const conditions = useFieldArray({ control, name: 'conditions' });
  const actionType = useWatch({ control, name: 'action.type' });
  const mode = useWatch({ control, name: 'mode' });
  const [confirmLive, setConfirmLive] = useState(false);
  const ids = { level: useId(), window: useId(), action: useId(), accounts: useId(), live: useId(), enabled: useId() };
  const { reset: resetSave } = save;

  useEffect(() => {
    if (!open) return;
    resetSave();
    reset(rule ? formValuesOf(rule) : NEW_RULE);
  }, [open, rule, reset, resetSave]);

  // A single account is the one a new rule watches.
  useEffect(() => {
    if (open && !editing && options.data?.accounts.length === 1) setValue('accountIds', [options.data.accounts[0]!.advertiserId]);
  }, [open, editing, options.data, setValue]);

  const onSubmit = handleSubmit((body) => save.mutate({ id: rule?.id ?? null, body }, { onSuccess: () => onOpenChange(false) }), toastValidationError);
  const title = editing ? 'Edit rule' : 'New rule';
  const conditionErrors = (errors as FieldErrors<{ conditions: { value: number }[] }>).conditions;
  const accountOptions = options.data?.accounts ?? [];
  const channelOptions = options.data?.channels ?? [];

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            Every 15 minutes the rule looks at each campaign, ad group or ad of its accounts over the window; where every condition holds, it acts.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label={title}>
          <TextField label="Name" autoComplete="off" placeholder={`e.g. Pause ads that spend ${formatTypedMoney(50)} without a sale`} error={errors.name} {...register('name')} />

          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={ids.level}>Level</Label>
              <Controller
                control={control}
                name="level"
                render={({ field }) => <EnumSelect id={ids.level} value={field.value} onChange={field.onChange} options={RULE_LEVELS} labels={RULE_LEVEL_LABELS} />}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={ids.window}>Window</Label>
              <Controller
                control={control}
                name="window"
                render={({ field }) => <EnumSelect id={ids.window} value={field.value} onChange={field.onChange} options={RULE_WINDOWS} labels={RULE_WINDOW_LABELS} />}
              />
            </div>
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid content-start gap-2">
              <Label id={ids.accounts}>Ad accounts</Label>
              {options.isPending ? (
                <p className="text-sm text-muted-foreground">Loading ad accounts...</p>
              ) : accountOptions.length === 0 ? (
                <p className="text-sm text-muted-foreground">No TikTok ad account is connected. Add one in Settings → Integrations.</p>
              ) : (
                <Controller
                  control={control}
                  name="accountIds"
                  render={({ field }) => (
                    <CheckboxList
                      legend="Ad accounts"
                      className="gap-2"
                      options={accountOptions.map((a) => a.advertiserId)}
                      checked={new Set(field.value)}
                      onChange={(next) => field.onChange(accountOptions.map((a) => a.advertiserId).filter((id) => next.has(id)))}
                      labelOf={(id) => {
                        const account = accountOptions.find((a) => a.advertiserId === id);
                        return account ? `${account.name} (${id})` : id;
                      }}
                    />
                  )}
                />
              )}
              <FieldError id={`${ids.accounts}-error`} error={firstError(errors.accountIds)} />
            </div>
            <div className="grid content-start gap-2">
              <TextField
                label="TikTok campaign ids (optional)"
                autoComplete="off"
                className="font-mono"
                placeholder="Blank: all campaigns"
                error={errors.campaignIdsText}
                {...register('campaignIdsText')}
              />
            </div>
          </div>

          <Section title="Conditions" hint={`All must hold. Money in ${shownCurrency()}, ROI and CR in percent.`}>
            {conditions.fields.map((field, index) => (
              <div key={field.id} className="grid gap-1">
                <div className="flex items-center gap-2">
                  <span className="w-7 shrink-0 text-xs text-muted-foreground sm:w-10">{index === 0 ? 'If' : 'and'}</span>
                  <Controller
                    control={control}
                    name={`conditions.${index}.metric`}
                    render={({ field: f }) => (
                      <EnumSelect ariaLabel={`Condition ${index + 1} metric`} className="w-32 shrink-0 sm:w-36" value={f.value} onChange={f.onChange} options={RULE_METRICS} labels={RULE_METRIC_LABELS} />
                    )}
                  />
                  <Controller
                    control={control}
                    name={`conditions.${index}.op`}
                    render={({ field: f }) => (
                      <EnumSelect ariaLabel={`Condition ${index + 1} operator`} className="w-16 shrink-0" value={f.value} onChange={f.onChange} options={RULE_OPS} labels={RULE_OP_LABELS} />
                    )}
                  />
                  <Input
                    type="number"
                    step="any"
                    inputMode="decimal"
                    aria-label={`Condition ${index + 1} value`}
                    className="min-w-0 flex-1 sm:w-32 sm:flex-none"
                    aria-invalid={conditionErrors?.[index]?.value ? true : undefined}
                    {...register(`conditions.${index}.value`, { setValueAs: numberOrUndefined })}
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove condition ${index + 1}`}
                    disabled={conditions.fields.length === 1}
                    onClick={() => conditions.remove(index)}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </div>
                <FieldError id={`${field.id}-error`} error={conditionErrors?.[index]?.value} />
              </div>
            ))}
            <FieldError id={`${ids.action}-conditions`} error={conditionErrors?.root ?? (conditionErrors as { message?: string } | undefined)} />
            <div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={conditions.fields.length >= MAX_RULE_CONDITIONS}
                title={conditions.fields.length >= MAX_RULE_CONDITIONS ? `A rule has at most ${MAX_RULE_CONDITIONS} conditions` : undefined}
                onClick={() => conditions.append({ metric: 'roi', op: 'lt', value: 0 })}
              >
                <Plus aria-hidden="true" />
                Add condition
              </Button>
            </div>
          </Section>

          <Section title="Guard" hint="An object is judged only once it has spent and been visited this much in the window.">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label={`Minimum spend (${currencySymbol()})`}
                type="number"
                step="any"
                min={0}
                inputMode="decimal"
                error={errors.guard?.minSpend}
                {...register('guard.minSpend', { setValueAs: numberOrUndefined })}
              />
              <TextField
                label="Minimum visits"
                type="number"
                step={1}
                min={0}
                inputMode="numeric"
                error={errors.guard?.minVisits}
                {...register('guard.minVisits', { setValueAs: numberOrUndefined })}
              />
            </div>
          </Section>

          <Section title="Action">
            <div className="grid gap-4 sm:grid-cols-3">
              <div className="grid content-start gap-2">
                <Label htmlFor={ids.action}>Then</Label>
                <Controller
                  control={control}
                  name="action.type"
                  render={({ field }) => <EnumSelect id={ids.action} value={field.value} onChange={field.onChange} options={RULE_ACTIONS} labels={RULE_ACTION_LABELS} />}
                />
              </div>
              {isBudgetAction(actionType) && (
                <>
                  <TextField
                    label="By percent"
                    type="number"
                    step="any"
                    min={1}
                    max={500}
                    inputMode="decimal"
                    error={errors.action?.percent}
                    {...register('action.percent', { setValueAs: numberOrNull })}
                  />
                  <TextField
                    label={actionType === 'budget_increase' ? `Budget cap (${currencySymbol()}, at most)` : `Budget floor (${currencySymbol()}, optional)`}
                    type="number"
                    step="any"
                    min={0}
                    inputMode="decimal"
                    error={errors.action?.budgetCap}
                    {...register('action.budgetCap', { setValueAs: numberOrNull })}
                  />
                </>
              )}
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Cool-down (minutes)"
                type="number"
                step={1}
                min={0}
                inputMode="numeric"
                error={errors.cooldownMinutes}
                {...register('cooldownMinutes', { setValueAs: numberOrUndefined })}
              />
              <TextField
                label="At most actions per day"
                type="number"
                step={1}
                min={1}
                inputMode="numeric"
                error={errors.maxActionsPerDay}
                {...register('maxActionsPerDay', { setValueAs: numberOrUndefined })}
              />
            </div>
          </Section>

          <div className="grid gap-2">
            <span className="text-sm font-medium">Notify</span>
            {options.isPending ? (
              <p className="text-sm text-muted-foreground">Loading channels...</p>
            ) : channelOptions.length === 0 ? (
              <p className="text-sm text-muted-foreground">No notification channel yet: add one in Settings → Alerts to be told of each action.</p>
            ) : (
              <Controller
                control={control}
                name="notify"
                render={({ field }) => (
                  <CheckboxList
                    legend="Notification channels told of each action"
                    className="gap-2 sm:grid-cols-2"
                    options={channelOptions.map((c) => String(c.id))}
                    checked={new Set(field.value.map(String))}
                    onChange={(next) => field.onChange(channelOptions.filter((c) => next.has(String(c.id))).map((c) => c.id))}
                    labelOf={(id) => channelOptions.find((c) => String(c.id) === id)?.name ?? id}
                  />
                )}
              />
            )}
          </div>

          <div className="grid gap-3 rounded-md border bg-muted/30 p-3">
            <div className="flex items-center gap-3">
              <Controller
                control={control}
                name="mode"
                render={({ field }) => (
                  <Switch
                    id={ids.live}
                    checked={field.value === 'live'}
                    onCheckedChange={(on) => (on ? setConfirmLive(true) : field.onChange('dry_run'))}
                  />
                )}
              />
              <Label htmlFor={ids.live}>Live</Label>
              {mode === 'live' ? <Badge variant="destructive">Live</Badge> : <Badge variant="outline">Dry run</Badge>}
            </div>
            <p className="text-xs text-muted-foreground">
              {mode === 'live'
                ? 'Live: the rule changes your TikTok campaigns, ad groups and ads itself.'
                : 'Dry run: the rule logs what it would do and calls nothing on TikTok. Replay it, watch its log, then go live.'}
            </p>
            <div className="flex items-center gap-3">
              <Controller control={control} name="enabled" render={({ field }) => <Switch id={ids.enabled} checked={field.value} onCheckedChange={field.onChange} />} />
              <Label htmlFor={ids.enabled}>Enabled</Label>
            </div>
          </div>

          {save.error && (
            <Alert variant="destructive">
              <AlertDescription>{errorMessage(save.error)}</AlertDescription>
            </Alert>
          )}

          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : editing ? 'Save Changes' : 'Create rule'}
            </Button>
          </DialogFooter>
        </form>
        <ConfirmDialog
          open={confirmLive}
          onOpenChange={setConfirmLive}
          title="Switch this rule to Live?"
          description={LIVE_WARNING[actionType]}
          confirmLabel="Switch to Live"
          onConfirm={() => {
            setValue('mode', 'live', { shouldDirty: true });
            setConfirmLive(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
