import { useId, useState, type FocusEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import {
  FormProvider,
  get,
  useFormContext,
  useFormState,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';
import { PortalButton } from '~/components/PortalButton';
import { EyeIcon, EyeOffIcon } from './eye-icons';
import { useTranslation } from '~/lib/use-translation';
import './form.css';

/**
 * The public pages' forms without antd (issue 16: their JavaScript at start): a `<form>` around a
 * `usePortalForm` form, and fields drawn like antd's vertical form items. The browser's own checks
 * are off (`noValidate`): the contract's rules speak, in the page's language.
 */
export function PortalForm<Values extends FieldValues>({
  form,
  name,
  onValid,
  className,
  children,
}: {
  form: UseFormReturn<Values>;
  name: string;
  onValid: SubmitHandler<Values>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <FormProvider {...form}>
      <form
        name={name}
        className={className ? `portal-form ${className}` : 'portal-form'}
        noValidate
        onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      >
        {children}
      </form>
    </FormProvider>
  );
}

/** Whether a pointer is pressed on the page (see `registerField`). */
let pressing = false;
if (typeof document !== 'undefined') {
  const release = () => {
    pressing = false;
  };
  document.addEventListener('pointerdown', () => (pressing = true), true);
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
}

/**
 * `register(name)` for a control of these fields, with two additions. The control starts with the
 * form's default value, so the server's page shows it (react-hook-form sets its inputs only once they
 * are in the browser). And a field left by pressing a button (send, send the code) is checked once
 * the press is over: checked at once, its message would move the button from under the pointer
 * between press and release, and the press would be lost; the send checks the whole form anyway.
 */
export function registerField<V extends FieldValues>(
  form: Pick<UseFormReturn<V>, 'register' | 'formState'>,
  name: Path<V>,
  rules?: RegisterOptions<V, Path<V>>,
) {
  const field = form.register(name, rules);
  const onBlur = (event: FocusEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    if (!pressing) return field.onBlur(event);
    const released = new AbortController();
    const later = () => {
      released.abort();
      window.setTimeout(() => void field.onBlur(event), 0);
    };
    document.addEventListener('pointerup', later, { capture: true, signal: released.signal });
    document.addEventListener('pointercancel', later, { capture: true, signal: released.signal });
    return Promise.resolve();
  };
  const initial: unknown = get(form.formState.defaultValues, name);
  return { ...field, onBlur, initial };
}

/** A text control's starting value: a string default as it is, anything else as empty. */
export function textOf(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** What a field hands its control: the label's target, and the message and hint that describe it. */
export interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
  /** A group's name: its label (a group has no `<label>` of its own). */
  'aria-labelledby'?: string;
}

/**
 * One field: its label (with the required mark), the control, the field's message when it has one
 * (read out as it appears), and a hint under it. A `group` (checkboxes, rows of inputs) is named by
 * its label through `aria-labelledby`, as a `<label>` can point at one control only.
 */
export function Field({
  name,
  label,
  required = false,
  hint,
  group = false,
  children,
}: {
  name: string;
  label?: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  group?: boolean;
  children(control: ControlProps): ReactNode;
}) {
  const id = useId();
  const { errors } = useFormState({ name });
  const error = errors[name]?.message;
  const message = typeof error === 'string' && error ? error : undefined;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const labelId = `${id}-label`;
  const describedBy = [message ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ');
  const labelClass = required ? 'portal-field__label portal-field__label--required' : 'portal-field__label';
  return (
    <div className={message ? 'portal-field portal-field--error' : 'portal-field'}>
      {!label ? null : group ? (
        <div id={labelId} className={labelClass}>
          {label}
        </div>
      ) : (
        <label htmlFor={`${id}-control`} className={labelClass}>
          {label}
        </label>
      )}
      {children({
        id: `${id}-control`,
        'aria-invalid': Boolean(message),
        'aria-describedby': describedBy || undefined,
        'aria-required': group ? undefined : required || undefined,
        'aria-labelledby': group && label ? labelId : undefined,
      })}
      {message ? (
        <div id={errorId} className="portal-field__error" role="alert">
          {message}
        </div>
      ) : null}
      {hint ? (
        <div id={hintId} className="portal-field__hint">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'required' | 'className'>;

interface TextFieldProps extends InputProps {
  name: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  testId?: string;
  rules?: RegisterOptions;
}

/** A one-line text field (text, email, tel, …). */
export function TextField({ name, label, required, hint, testId, rules, ...input }: TextFieldProps) {
  const { initial, ...field } = registerField(useFormContext(), name, rules);
  return (
    <Field name={name} label={label} required={required} hint={hint}>
      {(control) => (
        <input
          type="text"
          {...input}
          {...control}
          {...field}
          defaultValue={textOf(initial)}
          className="portal-input"
          data-testid={testId}
        />
      )}
    </Field>
  );
}

/** A password field with a button that shows and hides what was typed. */
export function PasswordField({ name, label, required, hint, testId, rules, ...input }: TextFieldProps) {
  const { t } = useTranslation();
  const { initial, ...field } = registerField(useFormContext(), name, rules);
  const [visible, setVisible] = useState(false);
  return (
    <Field name={name} label={label} required={required} hint={hint}>
      {(control) => (
        <span className="portal-input-affix">
          <input
            {...input}
            {...control}
            {...field}
            defaultValue={textOf(initial)}
            type={visible ? 'text' : 'password'}
            className="portal-input"
            data-testid={testId}
          />
          <button
            type="button"
            className="portal-input-affix__button"
            aria-label={visible ? t('hidePassword') : t('showPassword')}
            aria-pressed={visible}
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? <EyeIcon /> : <EyeOffIcon />}
          </button>
        </span>
      )}
    </Field>
  );
}

/** A checkbox with its words beside it (the words may hold links); its message shows under it. */
export function CheckboxField({ name, testId, children }: { name: string; testId?: string; children: ReactNode }) {
  const { initial, ...field } = registerField(useFormContext(), name);
  return (
    <Field name={name}>
      {(control) => (
        <label className="portal-checkbox" htmlFor={control.id}>
          <input type="checkbox" {...control} {...field} defaultChecked={initial === true} data-testid={testId} />
          <span>{children}</span>
        </label>
      )}
    </Field>
  );
}

/**
 * A choice from a list (the browser's own select, drawn like the text fields): the first option,
 * `placeholder`, stands for no choice. Values are numbers, as the dictionaries' ids are.
 */
export function SelectField({
  name,
  label,
  required,
  placeholder,
  options,
  testId,
}: {
  name: string;
  label: ReactNode;
  required?: boolean;
  placeholder: string;
  options: ReadonlyArray<{ value: number; label: string }>;
  testId?: string;
}) {
  const { initial, ...field } = registerField(useFormContext(), name, {
    setValueAs: (value: string) => (value === '' ? undefined : Number(value)),
  });
  return (
    <Field name={name} label={label} required={required}>
      {(control) => (
        <select
          {...control}
          {...field}
          defaultValue={textOf(initial)}
          className="portal-input portal-select"
          data-testid={testId}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** The form's send button: primary, busy while the call is on its way, across the form when `block`. */
export function SubmitButton({
  busy,
  block = false,
  testId,
  children,
}: {
  busy: boolean;
  block?: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <PortalButton
      variant="primary"
      htmlType="submit"
      className={block ? 'portal-button--block' : undefined}
      loading={busy}
      data-testid={testId}
    >
      {children}
    </PortalButton>
  );
}
