import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Key, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type DataColumn, DataTable } from './DataTable';

type Row = { id: string; name: string; note: string; locked?: boolean };

const ROWS: Row[] = [
  { id: 'a', name: 'Ginza', note: 'A note long enough to be cut to its column' },
  { id: 'b', name: 'Umeda', note: '' },
  { id: 'c', name: 'Kyoto', note: '', locked: true },
];

const COLUMNS: DataColumn<Row>[] = [
  { key: 'n', title: 'No.', width: 56, render: (_, i) => i + 1 },
  { key: 'name', title: 'Name', render: (row) => row.name },
  { key: 'note', title: 'Note', width: 120, ellipsis: true, render: (row) => row.note },
  { key: 'go', title: '', fixed: 'right', render: (row) => <button type="button">Open {row.name}</button> },
];

function Table(props: { rows?: Row[]; loading?: boolean; emptyText?: string }) {
  return (
    <DataTable
      label="Stores"
      loadingText="Loading"
      rowKey={(row) => row.id}
      columns={COLUMNS}
      rows={props.rows ?? ROWS}
      loading={props.loading}
      emptyText={props.emptyText ?? 'No stores'}
    />
  );
}

/** Picks as the schedule wizard does: the selection lives outside the table. */
function Picking() {
  const [picked, setPicked] = useState<Key[]>([]);
  return (
    <>
      <DataTable
        label="Stores"
        loadingText="Loading"
        rowKey={(row) => row.id}
        columns={COLUMNS}
        rows={ROWS}
        emptyText="No stores"
        rowSelection={{
          selectedRowKeys: picked,
          getTitleCheckboxProps: () => ({ 'aria-label': 'Select the page' }),
          getCheckboxProps: (row) => ({ 'aria-label': `Select ${row.name}`, disabled: row.locked }),
          onSelect: (row, checked) => setPicked(checked ? [...picked, row.id] : picked.filter((id) => id !== row.id)),
          onSelectAll: (checked, _selected, changed) => {
            const ids = changed.map((row) => row.id);
            setPicked(checked ? [...picked, ...ids] : picked.filter((id) => !ids.includes(String(id))));
          },
        }}
      />
      <output>{picked.join(',') || 'none'}</output>
    </>
  );
}

describe('DataTable', () => {
  it('shows column titles, one row per item with its cells, a cut text whole on hover, in a focusable scroll area', () => {
    render(<Table />);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['No.', 'Name', 'Note', '']);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0] as HTMLElement).getAllByRole('cell')[0]).toHaveTextContent('1');
    expect(within(rows[1] as HTMLElement).getByRole('cell', { name: 'Umeda' })).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByRole('button', { name: 'Open Kyoto' })).toBeInTheDocument();
    expect(screen.getByTitle('A note long enough to be cut to its column')).toHaveTextContent(
      'A note long enough to be cut to its column',
    );
    const area = screen.getByRole('region', { name: 'Stores' });
    expect(area).toHaveAttribute('tabindex', '0');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says it is loading, and shows the empty text in place of rows once loaded with none', () => {
    const { rerender } = render(<Table rows={[]} loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByText('No stores')).toBeNull();
    rerender(<Table rows={[]} emptyText="No stores" />);
    expect(screen.queryByRole('status')).toBeNull();
    const cell = screen.getByRole('cell', { name: 'No stores' });
    expect(cell).toHaveAttribute('colspan', '4');
  });

  it('keeps rows in view while a page reloads', () => {
    render(<Table loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.getByRole('cell', { name: 'Ginza' })).toBeInTheDocument();
  });

  it('picks rows one by one and the whole page (without disabled rows) by check boxes, mouse or keyboard', async () => {
    const user = userEvent.setup();
    render(<Picking />);
    const page = screen.getByRole('checkbox', { name: 'Select the page' });
    expect(screen.getByRole('checkbox', { name: 'Select Kyoto' })).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Select Ginza' }));
    expect(screen.getByText('a')).toBeInTheDocument();
    expect(page).not.toBeChecked();
    expect((page as HTMLInputElement).indeterminate).toBe(true);

    await user.click(page);
    expect(screen.getByText('a,b')).toBeInTheDocument();
    expect(page).toBeChecked();
    expect((page as HTMLInputElement).indeterminate).toBe(false);
    expect(screen.getByRole('checkbox', { name: 'Select Umeda' })).toBeChecked();

    // Space on a focused check box toggles it.
    screen.getByRole('checkbox', { name: 'Select Umeda' }).focus();
    await user.keyboard(' ');
    expect(screen.getByText('a')).toBeInTheDocument();
    expect(page).not.toBeChecked();

    await user.click(page);
    await user.click(page);
    expect(screen.getByText('none')).toBeInTheDocument();
  });
});
