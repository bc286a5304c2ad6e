import type { AuditFilter } from '@portal/contracts/admin';

/** The audit screen's filters as typed in its toolbar (and kept in the URL). */
export interface AuditFilterValues {
  actor?: string;
  action?: string;
  kind?: string;
  target?: string;
  /** YYYY-MM-DD, first day included. */
  from?: string;
  /** YYYY-MM-DD, last day included. */
  to?: string;
}

const KEYS = ['actor', 'action', 'kind', 'target', 'from', 'to'] as const satisfies ReadonlyArray<
  keyof AuditFilterValues
>;

/** The call's field behind each toolbar field, to show a 40001's message where it belongs. */
export const FIELD_OF_BODY: Record<string, keyof AuditFilterValues> = {
  actor_id: 'actor',
  action: 'action',
  target_kind: 'kind',
  target_id: 'target',
  from: 'from',
  to: 'to',
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Local midnight of a YYYY-MM-DD day, `plusDays` later; NaN for anything else. */
export function localDayStart(day: string, plusDays = 0): number {
  const m = DATE.exec(day);
  if (!m) return Number.NaN;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + plusDays).getTime();
}

const clean = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/** The filters a URL's query names (unknown parameters and the managed site are ignored). */
export function valuesFromSearch(params: URLSearchParams): AuditFilterValues {
  const values: AuditFilterValues = {};
  for (const key of KEYS) {
    const value = clean(params.get(key));
    if (value !== undefined) values[key] = value;
  }
  return values;
}

/** The query string of the filters, the managed site first. */
export function searchFromValues(values: AuditFilterValues, siteCode: string): string {
  const params = new URLSearchParams({ site: siteCode });
  for (const key of KEYS) {
    const value = clean(values[key]);
    if (value !== undefined) params.set(key, value);
  }
  return `?${params.toString()}`;
}

/**
 * The list call's body (without cursor). Texts that are not numbers or days are passed on as they
 * are, so the contract's check names the field instead of the filter being dropped silently.
 */
export function bodyFromValues(values: AuditFilterValues): Omit<AuditFilter, 'cursor'> {
  const body: Record<string, unknown> = {};
  const actor = clean(values.actor);
  if (actor !== undefined) body.actor_id = /^\d+$/.test(actor) ? Number(actor) : actor;
  const action = clean(values.action);
  if (action !== undefined) body.action = action;
  const kind = clean(values.kind);
  if (kind !== undefined) body.target_kind = kind;
  const target = clean(values.target);
  if (target !== undefined) body.target_id = target;
  const from = clean(values.from);
  if (from !== undefined) body.from = Number.isNaN(localDayStart(from)) ? from : localDayStart(from);
  const to = clean(values.to);
  if (to !== undefined) body.to = Number.isNaN(localDayStart(to, 1)) ? to : localDayStart(to, 1);
  return body as Omit<AuditFilter, 'cursor'>;
}

/** Filter choices for actions: each domain as a prefix (`user.`), then every action. */
export function actionOptions(actions: readonly string[]): string[] {
  const domains = new Set<string>();
  for (const action of actions) {
    const dot = action.indexOf('.');
    if (dot > 0) domains.add(action.slice(0, dot + 1));
  }
  return [...[...domains].sort(), ...actions];
}
