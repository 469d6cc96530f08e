import { type CSSProperties, type Key, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import './lite.css';

export type DataColumn<T> = {
  key: string;
  title: ReactNode;
  /** The column's width in px (at least; a wider header or cell widens it unless `ellipsis`). */
  width?: number;
  align?: 'left' | 'right';
  /**
   * Stays in view while the other columns scroll beside it: 'right' at the right edge, 'left' at the left
   * (left columns must come first and carry a width, which places the next one).
   */
  fixed?: 'right' | 'left';
  /** Cut a long text to the width, with the whole text on hover. */
  ellipsis?: boolean;
  render: (row: T, index: number) => ReactNode;
};

/** Check boxes to pick rows (the subset of Ant Design's rowSelection the console uses). */
export type RowSelection<T> = {
  selectedRowKeys: Key[];
  /** Kept for callers written against Ant Design's table: picks outside the page are kept anyway. */
  preserveSelectedRowKeys?: boolean;
  getTitleCheckboxProps?: () => { 'aria-label'?: string };
  getCheckboxProps?: (row: T) => { 'aria-label'?: string; disabled?: boolean };
  onSelect?: (row: T, checked: boolean) => void;
  /** `changed`: the rows of this page whose state the click changed. */
  onSelectAll?: (checked: boolean, selected: T[], changed: T[]) => void;
};

type Props<T> = {
  rowKey: (row: T) => string;
  columns: DataColumn<T>[];
  rows: T[];
  loading?: boolean;
  emptyText: ReactNode;
  rowSelection?: RowSelection<T>;
  /** Names the scrolling area for assistive technology (it is focusable to scroll by keyboard). */
  label: string;
  /** The text of the loading indicator (read by screen readers). */
  loadingText: string;
  /** 'compact': short rows for lists watched all day (issue 31); the header then stays in view while rows scroll. */
  density?: 'regular' | 'compact';
  /** Drawn under the rows inside the scroll area (a scroll-loading sentinel sees the area's bottom). */
  footer?: ReactNode;
};

/** Left and right padding of a cell (lite.css). */
const CELL_PADDING = 16;

/** Width of the check-box column, its padding included (lite.css .lt-select; cells are border-box). */
const SELECT_WIDTH = 32;

function cellStyle<T>(column: DataColumn<T>, left?: number): CSSProperties | undefined {
  if (!column.width && !column.align && left === undefined) return undefined;
  return { width: column.width, minWidth: column.width, textAlign: column.align, insetInlineStart: left };
}

function cellClass<T>(column: DataColumn<T>): string | undefined {
  const names = [
    column.fixed === 'right' && 'lt-fixed-right',
    column.fixed === 'left' && 'lt-fixed-left',
    column.ellipsis && 'lt-ellipsis',
  ].filter(Boolean);
  return names.length > 0 ? names.join(' ') : undefined;
}

/** Where each left-fixed column starts (the sum of the widths before it). */
function leftOffsets<T>(columns: DataColumn<T>[], selectable: boolean): (number | undefined)[] {
  let left = selectable ? SELECT_WIDTH : 0;
  return columns.map((column) => {
    if (column.fixed !== 'left') return undefined;
    const at = left;
    left += column.width ?? 0;
    return at;
  });
}

/** A header check box that can show 'some' (indeterminate), which has no HTML attribute. */
function PageCheckbox({
  checked,
  some,
  label,
  onChange,
}: {
  checked: boolean;
  some: boolean;
  label?: string;
  onChange: (checked: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="lt-checkbox"
      checked={checked}
      aria-label={label}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

/**
 * A light data table: a header, rows, optional check boxes to pick rows, a column kept in view at the
 * right, and loading and empty states. It replaces Ant Design's Table where only this is needed, whose
 * code (sorting, filters, pagination, virtual lists, selects) would otherwise load with the screen
 * (issue 15: /device/list's first load). Rows scroll sideways inside it; the scroll area takes focus so
 * arrow keys scroll it.
 */
export function DataTable<T>({
  rowKey,
  columns,
  rows,
  loading = false,
  emptyText,
  rowSelection,
  label,
  loadingText,
  density = 'regular',
  footer,
}: Props<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  // A shadow beside the fixed column while columns lie under it (as Ant Design shows it).
  const [scrolledUnder, setScrolledUnder] = useState(false);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => setScrolledUnder(element.scrollLeft + element.clientWidth < element.scrollWidth - 1);
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, []);

  const selected = new Set((rowSelection?.selectedRowKeys ?? []).map(String));
  const selectable = rowSelection ? rows.filter((row) => !rowSelection.getCheckboxProps?.(row).disabled) : [];
  const pickedOnPage = selectable.filter((row) => selected.has(rowKey(row)));
  const allPicked = selectable.length > 0 && pickedOnPage.length === selectable.length;
  const span = columns.length + (rowSelection ? 1 : 0);
  const lefts = leftOffsets(columns, Boolean(rowSelection));
  // With columns kept at the left, the check boxes are kept there too, before them: a column that scrolled
  // away under them would leave their offsets out by its width.
  const selectClass = lefts.some((left) => left !== undefined) ? 'lt-select lt-fixed-left' : 'lt-select';
  const classes = ['lt-table', scrolledUnder && 'lt-scrolled-under', density === 'compact' && 'lt-compact'];

  return (
    <div className={classes.filter(Boolean).join(' ')} aria-busy={loading}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll area must take focus to be scrolled by keyboard */}
      <section ref={scroller} className="lt-scroll" aria-label={label} tabIndex={0}>
        <table>
          <thead>
            <tr>
              {rowSelection ? (
                <th className={selectClass} scope="col">
                  <PageCheckbox
                    checked={allPicked}
                    some={pickedOnPage.length > 0 && !allPicked}
                    label={rowSelection.getTitleCheckboxProps?.()['aria-label']}
                    onChange={(checked) => {
                      const changed = checked ? selectable.filter((row) => !selected.has(rowKey(row))) : pickedOnPage;
                      rowSelection.onSelectAll?.(checked, checked ? selectable : [], changed);
                    }}
                  />
                </th>
              ) : null}
              {columns.map((column, at) => (
                <th key={column.key} scope="col" className={cellClass(column)} style={cellStyle(column, lefts[at])}>
                  {column.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr className="lt-empty">
                <td colSpan={span}>
                  <span className="lt-empty-text">{loading ? '\u00a0' : emptyText}</span>
                </td>
              </tr>
            ) : (
              rows.map((row, index) => {
                const key = rowKey(row);
                const checkbox = rowSelection?.getCheckboxProps?.(row) ?? {};
                return (
                  <tr key={key} className={selected.has(key) ? 'lt-selected' : undefined}>
                    {rowSelection ? (
                      <td className={selectClass}>
                        <input
                          type="checkbox"
                          className="lt-checkbox"
                          checked={selected.has(key)}
                          disabled={checkbox.disabled}
                          aria-label={checkbox['aria-label']}
                          onChange={(event) => rowSelection.onSelect?.(row, event.target.checked)}
                        />
                      </td>
                    ) : null}
                    {columns.map((column, at) => {
                      const content = column.render(row, index);
                      return (
                        <td key={column.key} className={cellClass(column)} style={cellStyle(column, lefts[at])}>
                          {column.ellipsis ? (
                            <div
                              className="lt-clip"
                              style={{ maxWidth: (column.width ?? 160) - CELL_PADDING }}
                              title={typeof content === 'string' ? content : undefined}
                            >
                              {content}
                            </div>
                          ) : (
                            content
                          )}
                        </td>
                      );
                    })}
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
        {footer}
      </section>
      {loading ? (
        <div className="lt-loading" role="status">
          <span className="lt-spinner" aria-hidden />
          <span className="visually-hidden">{loadingText}</span>
        </div>
      ) : null}
    </div>
  );
}
