import type { ButtonHTMLAttributes, MouseEvent, Ref } from 'react';

export interface PortalButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** Drawn like antd's button types: bordered (default), filled (primary), a link, or bare text. */
  variant?: 'default' | 'primary' | 'link' | 'text';
  /** Outlined in the primary colour instead of filled (a reaction the member has made). */
  ghost?: boolean;
  danger?: boolean;
  /** Waiting for the server: a spinner, `aria-busy`, and presses are ignored until it is done. */
  loading?: boolean;
  htmlType?: 'button' | 'submit';
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A plain button drawn like antd's (the `.portal-button` styles of app.css), for the public pages'
 * own buttons: the discussion list and post pages load no antd Button at start. Popovers (antd's
 * Popconfirm) can wrap it: it takes their ref and handlers like any button.
 */
export function PortalButton({
  variant = 'default',
  ghost = false,
  danger = false,
  loading = false,
  htmlType = 'button',
  className,
  onClick,
  children,
  ref,
  ...rest
}: PortalButtonProps) {
  const classes = [
    'portal-button',
    `portal-button--${variant}`,
    ghost ? 'portal-button--ghost' : '',
    danger ? 'portal-button--danger' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  const press = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button {...rest} ref={ref} type={htmlType} className={classes} aria-busy={loading || undefined} onClick={press}>
      {loading ? <span className="portal-button__spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
