import type { ReactNode } from 'react';
import './form.css';

/**
 * A message that stays on the page (a refused sign-in, why the login page was opened, where an
 * application stands): an error is an alert, read out at once; information and success are a
 * status. `action` sits at its end (withdraw the application).
 */
export function FormAlert({
  type,
  message,
  description,
  action,
  className,
  testId,
}: {
  type: 'error' | 'info' | 'success';
  message: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div
      role={type === 'error' ? 'alert' : 'status'}
      className={`portal-alert portal-alert--${type}${className ? ` ${className}` : ''}`}
      data-testid={testId}
    >
      <svg
        className="portal-alert__icon"
        width={16}
        height={16}
        viewBox="0 0 16 16"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx={8} cy={8} r={8} fill="currentColor" />
        {type === 'error' ? (
          <path d="M5.2 5.2l5.6 5.6m0-5.6l-5.6 5.6" stroke="#fff" strokeWidth={1.6} strokeLinecap="round" />
        ) : type === 'success' ? (
          <path d="M4.6 8.2l2.3 2.3 4.5-4.6" fill="none" stroke="#fff" strokeWidth={1.6} strokeLinecap="round" />
        ) : (
          <path d="M8 7v4.5M8 4.6v.1" stroke="#fff" strokeWidth={1.6} strokeLinecap="round" />
        )}
      </svg>
      <div className="portal-alert__text">
        <div className="portal-alert__message">{message}</div>
        {description ? <div className="portal-alert__description">{description}</div> : null}
      </div>
      {action ? <div className="portal-alert__action">{action}</div> : null}
    </div>
  );
}
