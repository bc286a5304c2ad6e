import type { ReactNode } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { PortalButton } from '~/components/PortalButton';
import { Field, registerField, textOf } from './Form';
import './form.css';

// The longer forms' fields (the programmes' applications), apart from Form.tsx so that the
// sign-in pages do not load them.

/**
 * A longer text in a few lines (a biography), with the count of its characters against the most it
 * may hold, as antd's `showCount` draws it.
 */
export function TextAreaField({
  name,
  label,
  required,
  hint,
  rows,
  maxLength,
  testId,
}: {
  name: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  rows: number;
  maxLength: number;
  testId?: string;
}) {
  const form = useFormContext();
  const { initial, ...field } = registerField(form, name);
  const value: unknown = useWatch({ name });
  const length = typeof value === 'string' ? [...value].length : 0;
  return (
    <Field name={name} label={label} required={required} hint={hint}>
      {(control) => (
        <span className="portal-textarea">
          <textarea
            {...control}
            {...field}
            rows={rows}
            maxLength={maxLength}
            defaultValue={textOf(initial)}
            className="portal-input portal-textarea__input"
            data-testid={testId}
          />
          <span className="portal-textarea__count">
            {length} / {maxLength}
          </span>
        </span>
      )}
    </Field>
  );
}

/**
 * A choice of several from a short list (fields of expertise), drawn as tags that are checkboxes:
 * every option in sight, one press each, and at most `max` of them (the others are then disabled).
 * The value is the chosen ids, as the dictionaries' are numbers.
 */
export function CheckboxTagsField({
  name,
  label,
  required,
  hint,
  options,
  max,
  testId,
}: {
  name: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  options: ReadonlyArray<{ value: number; label: string }>;
  max: number;
  testId?: string;
}) {
  const { field } = useController({ name });
  const chosen: number[] = Array.isArray(field.value) ? (field.value as number[]) : [];
  const full = chosen.length >= max;
  const toggle = (value: number) =>
    field.onChange(chosen.includes(value) ? chosen.filter((v) => v !== value) : [...chosen, value]);
  return (
    <Field name={name} label={label} required={required} hint={hint} group>
      {({ id, ...control }) => (
        <div role="group" id={id} {...control} className="portal-check-tags" data-testid={testId}>
          {options.map((option) => {
            const checked = chosen.includes(option.value);
            return (
              <label key={option.value} className="portal-check-tags__option">
                <input
                  type="checkbox"
                  className="portal-check-tags__input"
                  value={option.value}
                  checked={checked}
                  disabled={!checked && full}
                  onChange={() => toggle(option.value)}
                  onBlur={field.onBlur}
                />
                <span>{option.label}</span>
              </label>
            );
          })}
        </div>
      )}
    </Field>
  );
}

/** One row of a `LinkListField`: what the item is called and where it is. */
interface LinkRow {
  title?: string;
  url?: string;
}

/**
 * A list of `{title, url}` rows (the programmes' contributions and recommendations): removable,
 * and added up to `max`, while the form is not `locked`. The list's message (the contract's, on the
 * list's name) shows beneath it.
 */
export function LinkListField({
  name,
  label,
  required,
  hint,
  max,
  locked,
  limits,
  urlPlaceholder,
  texts,
  className,
  testIds,
}: {
  name: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  max: number;
  locked: boolean;
  limits: { itemTitleMax: number; urlMax: number };
  urlPlaceholder: string;
  texts: { itemTitle: string; itemUrl: string; remove: string; add: string };
  className?: string;
  testIds: { list: string; title(index: number): string; url(index: number): string; add: string };
}) {
  // The rows are one controlled value (not react-hook-form's field array, whose code every form
  // page would then load): a row's key is its place, and its inputs show the row's values.
  const { field } = useController({ name });
  const rows: LinkRow[] = Array.isArray(field.value) ? (field.value as LinkRow[]) : [];
  const change = (index: number, part: keyof LinkRow, value: string) =>
    field.onChange(rows.map((row, i) => (i === index ? { ...row, [part]: value } : row)));
  return (
    <Field name={name} label={label} required={required} hint={hint} group>
      {({ id, ...control }) => (
        <div
          role="group"
          id={id}
          {...control}
          className={className ? `portal-link-list ${className}` : 'portal-link-list'}
          data-testid={testIds.list}
        >
          {rows.map((row, index) => (
            <div key={index} className="portal-link-list__row">
              <input
                value={row.title ?? ''}
                onChange={(event) => change(index, 'title', event.target.value)}
                onBlur={field.onBlur}
                placeholder={texts.itemTitle}
                maxLength={limits.itemTitleMax}
                aria-label={`${texts.itemTitle} ${index + 1}`}
                className="portal-input"
                data-testid={testIds.title(index)}
              />
              <input
                type="url"
                value={row.url ?? ''}
                onChange={(event) => change(index, 'url', event.target.value)}
                onBlur={field.onBlur}
                placeholder={urlPlaceholder}
                maxLength={limits.urlMax}
                aria-label={`${texts.itemUrl} ${index + 1}`}
                className="portal-input"
                data-testid={testIds.url(index)}
              />
              {!locked ? (
                <PortalButton
                  variant="link"
                  className="portal-link-list__remove"
                  onClick={() => field.onChange(rows.filter((_, i) => i !== index))}
                >
                  {texts.remove}
                </PortalButton>
              ) : null}
            </div>
          ))}
          {!locked && rows.length < max ? (
            <PortalButton
              className="portal-link-list__add"
              onClick={() => field.onChange([...rows, { title: '', url: '' }])}
              data-testid={testIds.add}
            >
              {texts.add}
            </PortalButton>
          ) : null}
        </div>
      )}
    </Field>
  );
}
