import { SettingOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type ColumnChoice = { key: string; title: ReactNode };

/**
 * A button that opens the list of a table's optional columns, each with a check box (issue 31). Escape or a
 * click outside closes it and gives focus back to the button.
 */
export function ColumnChooser({
  choices,
  shown,
  onChange,
  onReset,
}: {
  choices: ColumnChoice[];
  shown: string[];
  onChange: (shown: string[]) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const host = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!host.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const set = new Set(shown);
  return (
    <div ref={host} className="lt-chooser">
      <Button
        ref={button}
        icon={<SettingOutlined />}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {t('common.columnsButton')}
      </Button>
      {open ? (
        <fieldset id={panelId} className="lt-chooser-panel">
          <legend>{t('common.columnsLegend')}</legend>
          {choices.map((choice) => (
            <label key={choice.key} className="lt-chooser-item">
              <input
                type="checkbox"
                className="lt-checkbox"
                checked={set.has(choice.key)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? choices.filter((c) => set.has(c.key) || c.key === choice.key).map((c) => c.key)
                      : shown.filter((key) => key !== choice.key),
                  )
                }
              />
              {choice.title}
            </label>
          ))}
          <Button size="small" onClick={onReset}>
            {t('common.columnsReset')}
          </Button>
        </fieldset>
      ) : null}
    </div>
  );
}

/** Storage key of a user's column choice for one table. */
const storageKey = (userId: string, table: string) => `columns:${userId}:${table}`;

function readChoice(key: string): string[] | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : null;
  } catch {
    return null;
  }
}

/**
 * The optional columns a user shows in a table, remembered in this browser per user id and table
 * (localStorage `columns:<user id>:<table>`); `defaults` until the user chooses.
 */
export function useColumnChoice(userId: string | undefined, table: string, defaults: string[]) {
  const key = storageKey(userId ?? '-', table);
  const [state, setState] = useState(() => ({ key, shown: readChoice(key) }));
  const shown = (state.key === key ? state.shown : readChoice(key)) ?? defaults;
  const save = (next: string[] | null) => {
    if (next) localStorage.setItem(key, JSON.stringify(next));
    else localStorage.removeItem(key);
    setState({ key, shown: next });
  };
  return { shown, setShown: (next: string[]) => save(next), reset: () => save(null) };
}
