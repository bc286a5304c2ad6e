/** The queue's age filter: submitted before N days, within N days, or between. */
export const AGE_FILTERS = [
  { value: 'all', labelKey: 'ageAll', body: {} },
  { value: 'within1', labelKey: 'ageWithin1', body: { newer_than_days: 1 } },
  { value: 'within7', labelKey: 'ageWithin7', body: { newer_than_days: 7 } },
  { value: 'between1and7', labelKey: 'ageBetween1And7', body: { older_than_days: 1, newer_than_days: 7 } },
  { value: 'older1', labelKey: 'ageOlder1', body: { older_than_days: 1 } },
  { value: 'older3', labelKey: 'ageOlder3', body: { older_than_days: 3 } },
  { value: 'older7', labelKey: 'ageOlder7', body: { older_than_days: 7 } },
] as const;

export type AgeFilter = (typeof AGE_FILTERS)[number]['value'];

/** The list call's age fields for a filter. */
export function ageBody(age: AgeFilter): { older_than_days?: number; newer_than_days?: number } {
  return AGE_FILTERS.find((a) => a.value === age)?.body ?? {};
}
