import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import Button from 'antd/es/button';

export interface DisclosureItem {
  key: string;
  label: ReactNode;
  testId?: string;
  lang?: string;
  current?: boolean;
}

/**
 * A small hover menu built on the disclosure pattern: a button with aria-expanded that shows a list
 * of buttons. It opens on hover, click, Enter or Space, closes on Escape, on leaving and when focus
 * moves away. Lighter than antd's Dropdown, which pulls Menu and Form into every page.
 */
export function DisclosureMenu({
  trigger,
  icon,
  triggerLabel,
  primary = false,
  testId,
  items,
  onSelect,
}: {
  trigger: ReactNode;
  icon?: ReactNode;
  triggerLabel?: string;
  primary?: boolean;
  testId: string;
  items: DisclosureItem[];
  onSelect(key: string): void;
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
      className="portal-disclosure"
      onMouseEnter={showOnHover}
      onMouseLeave={hideSoon}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <Button
        ref={button}
        type={primary ? 'primary' : 'text'}
        icon={icon}
        aria-expanded={open}
        aria-controls={id}
        aria-label={triggerLabel}
        data-testid={testId}
        onClick={() => {
          if (openedByHover.current) openedByHover.current = false;
          else setOpen((o) => !o);
        }}
      >
        {trigger}
      </Button>
      <ul id={id} className="portal-disclosure__list" hidden={!open} data-testid={`${testId}-list`}>
        {items.map((item) => (
          <li key={item.key}>
            <button
              type="button"
              className="portal-disclosure__item"
              lang={item.lang}
              aria-current={item.current ? 'true' : undefined}
              data-testid={item.testId}
              onClick={() => {
                setOpen(false);
                onSelect(item.key);
              }}
            >
              {item.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
