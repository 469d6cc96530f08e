import type { TDeviceListQuery } from '@signage/domain';
import { Button } from 'antd';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MountWhenOpened } from '../../../ui/lazyOverlay';

/** The dialog (modal, form and input code), loaded when it first opens: the list's first load stays light. */
const BulkHoursDialog = lazy(() => import('./BulkHoursDialog'));

type Props = { query: TDeviceListQuery; total: number; selected: readonly string[]; onDone: () => void };

/**
 * 'Opening hours…' on the player list (issue 29 item 1): the same hours for the rows picked in the list, or when
 * none is picked for every player of the current search (country, tag, store type and the rest of the filter);
 * the server keeps those the user may edit.
 */
export function BulkHoursButton({ query, total, selected, onDone }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { order: _order, endCursor: _cursor, limit: _limit, all: _all, ...filter } = query;
  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={total === 0 && selected.length === 0} aria-haspopup="dialog">
        {t('hours.bulkButton')}
      </Button>
      <MountWhenOpened open={open}>
        <BulkHoursDialog
          open={open}
          filter={filter}
          total={total}
          selected={selected}
          onClose={() => setOpen(false)}
          onDone={onDone}
        />
      </MountWhenOpened>
    </>
  );
}
