// /campaigns/:id/flow: where a campaign's traffic goes. Rules (country, device, OS, browser, language, bot), tried
// in order, each with its own path; the default path for everyone else. A path rotates its landers and its
// offers by weight (0 keeps an item but out of rotation; each shows its share); a path without landers is a direct
// link to the offer. A path may auto-optimise its weights from its split test; an admin may also run the optimiser
// now. Everyone may read it with the campaigns feature; an admin saves it. The history below lists every change, the
// optimiser's with its why. Validation is the server's schema, so the messages are the ones a save would get.
import { zodResolver } from '@hookform/resolvers/zod';
import { campaignFlowSchema, FLOW_FIELDS, MAX_FLOW_RULES, type CampaignFlow, type CampaignFlowBody, type FlowField } from '@tracker/schemas';
import { ArrowDown, ArrowLeft, ArrowUp, Plus, Sparkles, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { Controller, useController, useFieldArray, useForm, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Link, useParams } from 'react-router-dom';
import { useAuth } from '../../app/auth/auth-context';
import { errorMessage } from '../../lib/api';
import { toastValidationError } from '../../lib/failure-toast';
import { Alert, AlertDescription } from '../../ui/Alert';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { PageHeader } from '../../ui/PageHeader';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/Select';
import { Spinner } from '../../ui/Spinner';
import { useLanders } from '../landers/queries';
import { useOffers } from '../offers/queries';
import { AutoOptimizeFields } from './AutoOptimizeFields';
import { useCampaignFlow, useFlowHistory, useOptimizeFlow, useSaveCampaignFlow } from './flow-queries';
import { useCampaigns } from './queries';
import { ConditionValuePicker } from './ConditionValuePicker';
import { SplitTestPanel } from './SplitTestPanel';

const FIELD_LABELS: Record<FlowField, string> = { country: 'Country', device: 'Device', os: 'OS', browser: 'Browser', language: 'Language', bot: 'Bot' };
/** Radix Select cannot hold '', so "no fallback offer" is this. */
const NONE = 'none';

type Path = CampaignFlowBody['defaultPath'];
type PathName = 'defaultPath' | `rules.${number}.path`;

/** A share of the rotation, as the buyer reads it: 70 %, or 'off' for weight 0. */
function share(weight: number, all: ReadonlyArray<{ weight: number }>): string {
  const total = all.reduce((sum, item) => sum + (Number(item.weight) > 0 ? Number(item.weight) : 0), 0);
  if (!(Number(weight) > 0) || total === 0) return 'off';
  return `${Math.round((1000 * Number(weight)) / total) / 10} %`;
}

function ItemRows({
  control,
  register,
  name,
  kind,
  options,
  disabled,
}: {
  control: Control<CampaignFlowBody>;
  register: UseFormRegister<CampaignFlowBody>;
  name: PathName;
  kind: 'landers' | 'offers';
  options: Array<{ id: number; name: string }>;
  disabled: boolean;
}) {
  const key = kind === 'landers' ? 'landerId' : 'offerId';
  const { fields, append, remove } = useFieldArray({ control, name: `${name}.${kind}` as `defaultPath.landers` });
  const items = (useWatch({ control, name: `${name}.${kind}` as `defaultPath.landers` }) ?? []) as Array<Record<string, number>>;
  const noun = kind === 'landers' ? 'lander' : 'offer';
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between">
        <Label className="capitalize">{kind}</Label>
        {!disabled && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => append({ [key]: options.find((o) => !items.some((i) => i[key] === o.id))?.id ?? options[0]?.id ?? 0, weight: 50 } as never)}
            disabled={options.length === 0}
          >
            <Plus className="size-4" /> Add {noun}
          </Button>
        )}
      </div>
      {fields.length === 0 && (
        <p className="text-sm text-muted-foreground">
          {kind === 'landers' ? 'No lander: a direct link, /r sends visitors straight to the offer.' : 'No offer: visitors stay on the lander.'}
        </p>
      )}
      {fields.map((field, index) => (
        <div key={field.id} className="grid grid-cols-[minmax(0,1fr)_6rem_4.5rem_auto] items-center gap-2">
          <Controller
            control={control}
            name={`${name}.${kind}.${index}.${key}` as 'defaultPath.landers.0.landerId'}
            render={({ field: select }) => (
              <Select value={String(select.value)} onValueChange={(v) => select.onChange(Number(v))} disabled={disabled}>
                <SelectTrigger aria-label={`${noun} ${index + 1}`}>
                  <SelectValue placeholder={`Choose a ${noun}`} />
                </SelectTrigger>
                <SelectContent>
                  {options.map((o) => (
                    <SelectItem key={o.id} value={String(o.id)}>
                      {o.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          <Input
            type="number"
            min={0}
            step={1}
            aria-label={`${noun} ${index + 1} weight`}
            disabled={disabled}
            {...register(`${name}.${kind}.${index}.weight` as 'defaultPath.landers.0.weight', { valueAsNumber: true })}
          />
          <span className="text-right text-sm tabular-nums text-muted-foreground">{share(items[index]?.weight ?? 0, items as never)}</span>
          {!disabled ? (
            <Button type="button" variant="ghost" size="icon" aria-label={`Remove ${noun} ${index + 1}`} onClick={() => remove(index)}>
              <Trash2 className="size-4" />
            </Button>
          ) : (
            <span />
          )}
        </div>
      ))}
    </div>
  );
}

function PathEditor(props: {
  control: Control<CampaignFlowBody>;
  register: UseFormRegister<CampaignFlowBody>;
  name: PathName;
  landers: Array<{ id: number; name: string }>;
  offers: Array<{ id: number; name: string }>;
  disabled: boolean;
}) {
  return (
    <div className="space-y-4">
      <div className="grid gap-6 md:grid-cols-2">
        <ItemRows {...props} kind="landers" options={props.landers} />
        <ItemRows {...props} kind="offers" options={props.offers} />
      </div>
      <AutoOptimizeFields control={props.control} register={props.register} name={props.name} disabled={props.disabled} />
    </div>
  );
}

function ConditionRows({ control, ruleIndex, disabled }: { control: Control<CampaignFlowBody>; ruleIndex: number; disabled: boolean }) {
  const { fields, append, remove } = useFieldArray({ control, name: `rules.${ruleIndex}.conditions` });
  return (
    <div className="space-y-2">
      <Label>Conditions (all must hold)</Label>
      {fields.map((field, index) => (
        <div key={field.id} className="grid grid-cols-[8rem_7rem_minmax(0,1fr)_auto] items-center gap-2">
          <Controller
            control={control}
            name={`rules.${ruleIndex}.conditions.${index}.field`}
            render={({ field: select }) => (
              <Select value={select.value} onValueChange={select.onChange} disabled={disabled}>
                <SelectTrigger aria-label={`Condition ${index + 1} field`}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {FLOW_FIELDS.map((f) => (
                    <SelectItem key={f} value={f}>
                      {FIELD_LABELS[f]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          <Controller
            control={control}
            name={`rules.${ruleIndex}.conditions.${index}.op`}
            render={({ field: select }) => (
              <Select value={select.value} onValueChange={select.onChange} disabled={disabled}>
                <SelectTrigger aria-label={`Condition ${index + 1} operator`}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="in">is one of</SelectItem>
                  <SelectItem value="not_in">is not</SelectItem>
                </SelectContent>
              </Select>
            )}
          />
          <ConditionValues control={control} ruleIndex={ruleIndex} index={index} disabled={disabled} />
          {!disabled ? (
            <Button type="button" variant="ghost" size="icon" aria-label={`Remove condition ${index + 1}`} onClick={() => remove(index)}>
              <Trash2 className="size-4" />
            </Button>
          ) : (
            <span />
          )}
        </div>
      ))}
      {!disabled && (
        <Button type="button" variant="ghost" size="sm" onClick={() => append({ field: 'country', op: 'in', values: [] })}>
          <Plus className="size-4" /> Add condition
        </Button>
      )}
    </div>
  );
}

/** The values, picked from what the field can take and what the reports have seen (ConditionValuePicker). */
function ConditionValues({ control, ruleIndex, index, disabled }: { control: Control<CampaignFlowBody>; ruleIndex: number; index: number; disabled: boolean }) {
  const field = useWatch({ control, name: `rules.${ruleIndex}.conditions.${index}.field` }) as FlowField;
  const { field: input } = useController({ control, name: `rules.${ruleIndex}.conditions.${index}.values` });
  // Another field makes the values meaningless ('DE' is no OS): they are cleared, not silently kept.
  const shownFor = useRef(field);
  useEffect(() => {
    if (shownFor.current === field) return;
    shownFor.current = field;
    input.onChange([]);
  }, [field]);
  return <ConditionValuePicker field={field} values={input.value ?? []} onChange={input.onChange} disabled={disabled} label={`Condition ${index + 1} values`} />;
}

const emptyPath = (landerId: number | undefined, offerId: number | undefined): Path => ({
  landers: landerId === undefined ? [] : [{ landerId, weight: 100 }],
  offers: offerId === undefined ? [] : [{ offerId, weight: 100 }],
  autoOptimize: false,
  autoOptimizeMetric: undefined,
  autoOptimizeFloor: undefined,
});

/** The flow as the form holds it: every path with its auto-optimiser keys, unset ones too. The form compares its
 *  values with these key by key, so the metric and floor fields mounting later would otherwise read as an edit. */
function formValues(flow: CampaignFlow): CampaignFlowBody {
  const path = (p: CampaignFlow['defaultPath']): Path => ({ ...p, autoOptimizeMetric: p.autoOptimizeMetric, autoOptimizeFloor: p.autoOptimizeFloor });
  return { ...flow, defaultPath: path(flow.defaultPath), rules: flow.rules.map((r) => ({ ...r, path: path(r.path) })) };
}

function firstMessage(errors: unknown): string | null {
  const queue: unknown[] = [errors];
  while (queue.length) {
    const next = queue.shift() as Record<string, unknown> | undefined;
    if (!next || typeof next !== 'object') continue;
    if (typeof next.message === 'string' && next.message) return next.message;
    for (const [key, value] of Object.entries(next)) if (key !== 'ref') queue.push(value);
  }
  return null;
}

/** The first problem, said where it is: "Rule 2 (Germany on iOS): A path's lander weights cannot all be 0". */
function firstError(errors: FieldErrors<CampaignFlowBody>, ruleNames: readonly string[]): string | null {
  const rules = errors.rules as unknown as Array<unknown> | undefined;
  if (Array.isArray(rules)) {
    const at = rules.findIndex(Boolean);
    if (at >= 0) return `Rule ${at + 1}${ruleNames[at] ? ` (${ruleNames[at]})` : ''}: ${firstMessage(rules[at])}`;
  }
  if (errors.defaultPath) return `Default path: ${firstMessage(errors.defaultPath)}`;
  return firstMessage(errors);
}

export function CampaignFlowPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const isAdmin = user?.role === 'admin';
  const campaigns = useCampaigns();
  const flow = useCampaignFlow(id);
  const history = useFlowHistory(id);
  const landersQuery = useLanders();
  const offersQuery = useOffers();
  const save = useSaveCampaignFlow(id);
  const optimize = useOptimizeFlow(id);
  const campaign = campaigns.data?.find((c) => c.id === id);
  const landers = useMemo(() => (landersQuery.data ?? []).map((l) => ({ id: l.id, name: l.name })), [landersQuery.data]);
  const offers = useMemo(() => (offersQuery.data ?? []).map((o) => ({ id: o.id, name: o.name })), [offersQuery.data]);
  const names = useMemo(
    () => new Map<string, string>([...landers.map((l) => [`l${l.id}`, l.name] as const), ...offers.map((o) => [`o${o.id}`, o.name] as const)]),
    [landers, offers],
  );

  const form = useForm<CampaignFlowBody, unknown, CampaignFlow>({ resolver: zodResolver(campaignFlowSchema) });
  const { control, register, handleSubmit, reset, formState } = form;
  const rules = useFieldArray({ control, name: 'rules' });
  useEffect(() => {
    if (flow.data) reset(formValues(flow.data));
  }, [flow.data, reset]);

  if (flow.isPending || campaigns.isPending) {
    return (
      <div className="flex min-h-64 items-center justify-center">
        <Spinner className="size-8" label="Loading the flow" />
      </div>
    );
  }
  if (flow.isError || !campaign) {
    return (
      <Alert variant="destructive">
        <AlertDescription>{flow.isError ? 'The flow could not be loaded.' : 'Campaign not found.'}</AlertDescription>
      </Alert>
    );
  }

  const serverError = save.error ? errorMessage(save.error) : null;
  const localError = firstError(formState.errors, (form.getValues('rules') ?? []).map((r) => r.name));
  const disabled = !isAdmin;
  // The optimiser weighs the saved flow: unsaved edits would be reset under the buyer's hands.
  const optimizeBlocker = formState.isDirty
    ? 'Save the flow first: the optimiser weighs the saved one'
    : [flow.data.defaultPath, ...flow.data.rules.map((r) => r.path)].some((p) => p.autoOptimize)
      ? null
      : 'Turn on auto-optimise on a path and save the flow first';

  return (
    <div className="space-y-6">
      <form className="space-y-6" onSubmit={handleSubmit((body) => save.mutate(body), (errors) => toastValidationError(errors))}>
        <PageHeader
          title={`Flow: ${campaign.name}`}
          description="Rules are tried in order; the first whose conditions all hold sends the visitor down its path, everyone else takes the default path. Weights set each lander's and offer's share; 0 keeps it in the path but out of rotation."
          actions={
            <>
              <Button asChild variant="outline">
                <Link to="/campaigns">
                  <ArrowLeft className="size-4" /> Campaigns
                </Link>
              </Button>
              {isAdmin && (
                <Button type="button" variant="outline" onClick={() => optimize.mutate()} disabled={optimize.isPending || optimizeBlocker !== null} title={optimizeBlocker ?? undefined}>
                  <Sparkles className="size-4" /> {optimize.isPending ? 'Optimising…' : 'Optimise now'}
                </Button>
              )}
              {isAdmin && (
                <Button type="submit" disabled={save.isPending}>
                  {save.isPending ? 'Saving…' : 'Save flow'}
                </Button>
              )}
            </>
          }
        />
        {(localError || serverError) && (
          <Alert variant="destructive">
            <AlertDescription>{localError ?? serverError}</AlertDescription>
          </Alert>
        )}

        {rules.fields.map((rule, index) => (
          <Card key={rule.id} role="region" aria-label={`Rule ${index + 1}`}>
            <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0">
              <div className="flex min-w-0 items-center gap-2">
                <Badge variant="secondary">Rule {index + 1}</Badge>
                <Input aria-label={`Rule ${index + 1} name`} className="h-8 w-64" disabled={disabled} {...register(`rules.${index}.name`)} />
              </div>
              {!disabled && (
                <div className="flex gap-1">
                  <Button type="button" variant="ghost" size="icon" aria-label={`Move rule ${index + 1} up`} disabled={index === 0} onClick={() => rules.move(index, index - 1)}>
                    <ArrowUp className="size-4" />
                  </Button>
                  <Button type="button" variant="ghost" size="icon" aria-label={`Move rule ${index + 1} down`} disabled={index === rules.fields.length - 1} onClick={() => rules.move(index, index + 1)}>
                    <ArrowDown className="size-4" />
                  </Button>
                  <Button type="button" variant="ghost" size="icon" aria-label={`Remove rule ${index + 1}`} onClick={() => rules.remove(index)}>
                    <Trash2 className="size-4" />
                  </Button>
                </div>
              )}
            </CardHeader>
            <CardContent className="space-y-6">
              <ConditionRows control={control} ruleIndex={index} disabled={disabled} />
              <PathEditor control={control} register={register} name={`rules.${index}.path`} landers={landers} offers={offers} disabled={disabled} />
            </CardContent>
          </Card>
        ))}
        {!disabled && rules.fields.length < MAX_FLOW_RULES && (
          <Button
            type="button"
            variant="outline"
            onClick={() =>
              rules.append({
                name: `Rule ${rules.fields.length + 1}`,
                conditions: [{ field: 'country', op: 'in', values: [] }],
                path: emptyPath(landers[0]?.id, offers[0]?.id),
              })
            }
          >
            <Plus className="size-4" /> Add rule
          </Button>
        )}

        <Card role="region" aria-label="Default path">
          <CardHeader>
            <CardTitle>Default path</CardTitle>
            <CardDescription>Every visitor no rule takes.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-6">
            <PathEditor control={control} register={register} name="defaultPath" landers={landers} offers={offers} disabled={disabled} />
            <div className="grid max-w-md gap-2">
              <Label>Fallback offer</Label>
              <Controller
                control={control}
                name="fallbackOfferId"
                render={({ field }) => (
                  <Select value={field.value == null ? NONE : String(field.value)} onValueChange={(v) => field.onChange(v === NONE ? null : Number(v))} disabled={disabled}>
                    <SelectTrigger aria-label="Fallback offer">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value={NONE}>None (the fallback URL setting)</SelectItem>
                      {offers.map((o) => (
                        <SelectItem key={o.id} value={String(o.id)}>
                          {o.name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
              <p className="text-xs text-muted-foreground">Where a click goes when no offer of its path can take it.</p>
            </div>
          </CardContent>
        </Card>
      </form>

      <SplitTestPanel campaignId={id} names={names} rules={flow.data.rules.map((r) => r.name)} />

      <Card>
        <CardHeader>
          <CardTitle>History</CardTitle>
          <CardDescription>Every change of this flow, newest first.</CardDescription>
        </CardHeader>
        <CardContent>
          {history.data && history.data.length > 0 ? (
            <ul className="divide-y text-sm">
              {history.data.map((change, index) => (
                <li key={index} className="space-y-1 py-2">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    {change.by === null ? (
                      <span>
                        <span className="font-medium">Auto-optimiser</span> · {describeChange(change.before, change.after, names)}
                      </span>
                    ) : (
                      <span>
                        <span className="font-medium">{change.by}</span> · {change.reason} · {describeChange(change.before, change.after, names)}
                      </span>
                    )}
                    <time className="text-muted-foreground tabular-nums" dateTime={String(change.at)}>
                      {new Date(change.at).toLocaleString()}
                    </time>
                  </div>
                  {/* The optimiser's why (metric, window, floor, probabilities) is long: its own line. */}
                  {change.by === null && <p className="text-xs text-muted-foreground">{change.reason}</p>}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">No changes yet: this campaign sends every click to its lander and offer.</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/** "default path: Quiz 50 → 70, Story 50 → 30, auto-optimise on; rule Germany: Keto 1 → 2; rules 1 → 2" — what a
 *  change did, in a line. */
function describeChange(before: CampaignFlow, after: CampaignFlow, names: ReadonlyMap<string, string>): string {
  type Path = CampaignFlow['defaultPath'];
  const items = (path: Path) =>
    new Map([...path.landers.map((l) => [`l${l.landerId}`, l.weight] as const), ...path.offers.map((o) => [`o${o.offerId}`, o.weight] as const)]);
  const pathChanges = (label: string, from: Path, to: Path) => {
    const was = items(from);
    const now = items(to);
    const parts: string[] = [];
    for (const key of new Set([...was.keys(), ...now.keys()])) {
      if (was.get(key) === now.get(key)) continue;
      const name = names.get(key) ?? `${key[0] === 'l' ? 'Lander' : 'Offer'} ${key.slice(1)}`;
      parts.push(`${name} ${was.get(key) ?? '—'} → ${now.get(key) ?? '—'}`);
    }
    if (Boolean(from.autoOptimize) !== Boolean(to.autoOptimize)) parts.push(`auto-optimise ${to.autoOptimize ? 'on' : 'off'}`);
    return parts.length ? `${label}: ${parts.join(', ')}` : '';
  };
  const sections = [pathChanges('default path', before.defaultPath, after.defaultPath)];
  for (const rule of after.rules) {
    const was = before.rules.find((r) => r.name === rule.name);
    if (was) sections.push(pathChanges(`rule ${rule.name}`, was.path, rule.path));
  }
  if (before.rules.length !== after.rules.length) sections.push(`rules ${before.rules.length} → ${after.rules.length}`);
  return sections.filter(Boolean).join('; ') || 'rules changed';
}
