import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export interface TabItem {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

/** Where a key press moves the selection among `count` tabs, from `index`; null: not a tab key. */
function nextIndex(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * Tabs for a portal page, without antd (whose tabs bring a dropdown and a menu for tabs that do not
 * fit): the WAI-ARIA tabs pattern. One tab is in the keyboard's order; the arrow keys, Home and End
 * move the focus and select as they go. A panel stays mounted, hidden, once it has been shown, so a
 * half-filled form is still there on coming back to its tab; with `destroyOnHidden` only the
 * selected panel is mounted, so a tab's list is read afresh each time it is opened. Controlled with
 * `activeKey` and `onChange`, else the first tab is selected and the tabs keep their own selection.
 */
export function Tabs({
  activeKey: controlledKey,
  onChange,
  items,
  destroyOnHidden = false,
}: {
  activeKey?: string;
  onChange?: (key: string) => void;
  items: readonly TabItem[];
  destroyOnHidden?: boolean;
}) {
  const id = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const [ownKey, setOwnKey] = useState(() => items[0]?.key ?? '');
  const activeKey = controlledKey ?? ownKey;
  const [shown, setShown] = useState(() => new Set([activeKey]));
  if (!shown.has(activeKey)) setShown(new Set(shown).add(activeKey));

  const select = (key: string) => {
    if (controlledKey === undefined) setOwnKey(key);
    onChange?.(key);
  };

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const next = nextIndex(event.key, index, items.length);
    if (next === null) return;
    event.preventDefault();
    tabs.current[next]?.focus();
    select(items[next]!.key);
  };

  return (
    <div className="portal-tabs">
      <div role="tablist" className="portal-tabs__list">
        {items.map((item, index) => {
          const active = item.key === activeKey;
          return (
            <button
              key={item.key}
              ref={(el) => {
                tabs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${item.key}`}
              aria-selected={active}
              aria-controls={`${id}-panel-${item.key}`}
              tabIndex={active ? 0 : -1}
              className={active ? 'portal-tabs__tab portal-tabs__tab--active' : 'portal-tabs__tab'}
              onClick={() => select(item.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) =>
        item.key === activeKey || (shown.has(item.key) && !destroyOnHidden) ? (
          <div
            key={item.key}
            role="tabpanel"
            id={`${id}-panel-${item.key}`}
            aria-labelledby={`${id}-tab-${item.key}`}
            hidden={item.key !== activeKey}
            className="portal-tabs__panel"
          >
            {item.children}
          </div>
        ) : null,
      )}
    </div>
  );
}
