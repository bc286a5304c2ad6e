import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';

export interface DisclosureItem {
  key: string;
  label: ReactNode;
  testId?: string;
  lang?: string;
  current?: boolean;
  /** A link instead of a button: a client navigation, or with `external` a full page load. */
  href?: string;
  external?: boolean;
}

/**
 * A small hover menu built on the disclosure pattern: a button with aria-expanded that shows a list
 * of buttons. It opens on hover, click, Enter or Space, closes on Escape, on leaving and when focus
 * moves away. Lighter than antd's Dropdown, which pulls Menu and Form into every page; its button is
 * a plain one styled in app.css, so the shell loads no antd Button either.
 */
export function DisclosureMenu({
  trigger,
  icon,
  triggerLabel,
  primary = false,
  testId,
  items,
  onSelect,
  leading,
  heading,
  className,
}: {
  trigger?: ReactNode;
  icon?: ReactNode;
  triggerLabel?: string;
  primary?: boolean;
  testId: string;
  items: DisclosureItem[];
  onSelect?(key: string): void;
  /** Shown before the button, inside the hover area (the avatar before the account menu's button). */
  leading?: ReactNode;
  /** A line of text above the entries (the member's nickname). */
  heading?: ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A pointer that opened the menu by hovering then clicks the button: keep it open, don't toggle.
  const openedByHover = useRef(false);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const showOnHover = () => {
    clearTimeout(closeTimer.current);
    if (!open) openedByHover.current = true;
    setOpen(true);
  };
  const hideSoon = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => {
      openedByHover.current = false;
      setOpen(false);
    }, 150);
  };

  return (
    <div
      ref={root}
      className={className ? `portal-disclosure ${className}` : 'portal-disclosure'}
      onMouseEnter={showOnHover}
      onMouseLeave={hideSoon}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          // Handled: a drawer around the menu stays open.
          event.preventDefault();
          setOpen(false);
          button.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      {leading}
      <button
        ref={button}
        type="button"
        className={`portal-button ${primary ? 'portal-button--primary' : 'portal-button--text'}${trigger ? '' : ' portal-button--icon'}`}
        aria-expanded={open}
        aria-controls={id}
        aria-label={triggerLabel}
        data-testid={testId}
        onClick={() => {
          if (openedByHover.current) openedByHover.current = false;
          else setOpen((o) => !o);
        }}
      >
        {icon}
        {trigger}
      </button>
      <ul id={id} className="portal-disclosure__list" hidden={!open} data-testid={`${testId}-list`}>
        {heading ? (
          <li className="portal-disclosure__heading" aria-hidden="true">
            {heading}
          </li>
        ) : null}
        {items.map((item) => {
          const choose = () => {
            setOpen(false);
            onSelect?.(item.key);
          };
          const common = {
            className: 'portal-disclosure__item',
            lang: item.lang,
            'aria-current': item.current ? ('true' as const) : undefined,
            'data-testid': item.testId,
            onClick: choose,
          };
          return (
            <li key={item.key}>
              {item.href === undefined ? (
                <button type="button" {...common}>
                  {item.label}
                </button>
              ) : item.external ? (
                <a href={item.href} {...common}>
                  {item.label}
                </a>
              ) : (
                <Link to={item.href} {...common}>
                  {item.label}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
