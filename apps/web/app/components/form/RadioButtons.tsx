import type { ReactNode } from 'react';
import './form.css';

/** A choice of a few options drawn as joined buttons (antd's button radios), radios underneath. */
export function RadioButtons<V extends string>({
  name,
  value,
  onChange,
  options,
}: {
  name: string;
  value: V;
  onChange(value: V): void;
  options: ReadonlyArray<{ value: V; label: ReactNode; testId?: string }>;
}) {
  return (
    <div className="portal-radio-buttons">
      {options.map((option) => (
        <label
          key={option.value}
          className={
            option.value === value
              ? 'portal-radio-buttons__option portal-radio-buttons__option--checked'
              : 'portal-radio-buttons__option'
          }
        >
          <input
            type="radio"
            className="portal-visually-hidden"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          <span data-testid={option.testId}>{option.label}</span>
        </label>
      ))}
    </div>
  );
}
