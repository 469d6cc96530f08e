import { FilterOutlined, SortAscendingOutlined, SortDescendingOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { canChooseCountry, MESSAGES, maxPageOf, schedulePlayerPickerFor, type TDevice } from '@signage/domain';
import { Badge, Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBanner } from '../../../app/shell/useBanner';
import { translateMessage } from '../../../i18n/messages';
import { errorMessageOf } from '../../../lib/api';
import { useAuth } from '../../../lib/authStore';
import { ActiveFilters } from '../../../ui/ActiveFilters';
import { CenteredSpinner } from '../../../ui/CenteredSpinner';
import { ListPager } from '../../../ui/ListPager';
import { fetchDevices } from '../../../ui/players/api';
import { countCriteria, type PlayerCriteria, toDeviceQuery } from '../../../ui/players/criteria';
import { PlayerSearchForm } from '../../../ui/players/PlayerSearchForm';
import { PlayerTable } from '../../../ui/players/PlayerTable';
import { useDevicePages } from '../../../ui/players/useDevicePages';
import { ScrollSentinel } from '../../../ui/ScrollSentinel';
import { useOverlayToggle } from '../../../ui/useOverlay';
import { SelectionPanel } from '../wizard/SelectionPanel';
import { toWizardPlayer, useWizard, useWizardMode, type WizardPlayer, wizardPath } from '../wizard/state';
import { useCopySource } from '../wizard/useCopySource';
import { WizardLayout } from '../wizard/WizardLayout';
import '../../../i18n/schedules';

/** Adds rows to a selection, keeping its order and leaving out players already in it. */
function withPlayers(selection: WizardPlayer[], rows: TDevice[]): WizardPlayer[] {
  const known = new Set(selection.map((p) => p.device_code));
  return [...selection, ...rows.filter((row) => !known.has(row.device_code)).map(toWizardPlayer)];
}

/**
 * Step 1 of the schedule wizard and of its copy variant (SPEC.md section 2): pick the players. Filter, All,
 * sort and the table follow the role (schedulePlayerPickerFor). The page's header check box selects the
 * page's rows; it shows checked only when the selected rows of the page are as many as the page's rows.
 */
export default function SelectDevicePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuth((state) => state.user);
  const mode = useWizardMode();
  const copy = useCopySource(mode);
  const wizard = useWizard(mode);
  const { devices } = wizard;
  const [searchOpen, openSearch, closeSearch] = useOverlayToggle('playerSearch');
  const query = useMemo(() => toDeviceQuery(devices.criteria, devices.order), [devices.criteria, devices.order]);
  const listKey = JSON.stringify([query, devices.page]);
  const [scrolled, setScrolled] = useState({ key: listKey, pages: 1 });
  const pagesShown = scrolled.key === listKey ? scrolled.pages : 1;
  const list = useDevicePages(query, devices.page, pagesShown);
  const [addingAll, setAddingAll] = useState(false);
  const [hint, setHint] = useState<string | null>(null);
  if (!user) return null;
  if (!copy.ready) return <CenteredSpinner />;

  const role = user.authority;
  const picker = schedulePlayerPickerFor(role);
  const players = wizard.players;
  const selected = new Set(players.map((p) => p.device_code));
  const setPlayers = (next: WizardPlayer[]) => {
    devices.setSelection(next);
    if (next.length > 0) setHint(null);
  };
  const activeFilters = countCriteria(devices.criteria);

  const addAll = async () => {
    setAddingAll(true);
    try {
      const all = await fetchDevices({ ...query, all: true });
      const next = withPlayers(players, all.devices);
      setPlayers(next);
      useBanner.getState().show({ level: 'info', text: t('wizard.allAdded', { count: next.length - players.length }) });
    } catch (error) {
      useBanner.getState().show({ level: 'error', text: errorMessageOf(error, MESSAGES.playerGetFailed) });
    } finally {
      setAddingAll(false);
    }
  };

  const toolbar = (
    <>
      {picker.filter ? (
        <Badge count={activeFilters} size="small">
          <Button icon={<FilterOutlined />} onClick={openSearch} aria-haspopup="dialog">
            {t('common.filter')}
          </Button>
        </Badge>
      ) : null}
      {picker.filter ? <ActiveFilters count={activeFilters} onClear={() => devices.setCriteria({})} /> : null}
      {picker.all ? (
        <Button icon={<UsergroupAddOutlined />} onClick={addAll} loading={addingAll}>
          {t('common.all')}
        </Button>
      ) : null}
      {picker.sort ? (
        <Button
          icon={devices.order === 'DESC' ? <SortDescendingOutlined /> : <SortAscendingOutlined />}
          onClick={() => devices.setOrder(devices.order === 'DESC' ? 'ASC' : 'DESC')}
          aria-label={`${t('common.sort')} (${devices.order})`}
        >
          {t('common.sort')}
        </Button>
      ) : null}
    </>
  );

  return (
    <WizardLayout
      mode={mode}
      step="devices"
      sourceName={copy.sourceName}
      toolbar={toolbar}
      panel={
        <SelectionPanel
          players={players}
          contents={wizard.chosen}
          onRemovePlayer={(code) => setPlayers(players.filter((p) => p.device_code !== code))}
        />
      }
      onBack={() => navigate('/device/list')}
      next={{
        label: t('wizard.next'),
        onClick: () =>
          players.length === 0
            ? setHint(t('messages.selectSchedulePlayer'))
            : navigate(wizardPath(mode, 'contents', copy.sourceId)),
      }}
      nextHint={hint}
    >
      <PlayerTable
        view={picker.view}
        rows={list.rows}
        firstNumber={(devices.page - 1) * 10 + 1}
        loading={list.loading}
        showLogs={false}
        emptyText={
          list.error
            ? translateMessage(t, errorMessageOf(list.error, MESSAGES.playerGetFailed))
            : activeFilters > 0
              ? t('messages.noMatchingRecord')
              : t('players.empty')
        }
        rowSelection={{
          selectedRowKeys: [...selected],
          preserveSelectedRowKeys: true,
          getTitleCheckboxProps: () => ({ 'aria-label': t('wizard.selectPage') }),
          getCheckboxProps: (row) => ({
            'aria-label': t('wizard.selectPlayer', { name: `${row.shop_name} ${row.shop_no}` }),
          }),
          onSelect: (row, checked) =>
            setPlayers(
              checked ? withPlayers(players, [row]) : players.filter((p) => p.device_code !== row.device_code),
            ),
          onSelectAll: (checked, _rows, changed) => {
            const codes = new Set(changed.map((row) => row.device_code));
            setPlayers(checked ? withPlayers(players, changed) : players.filter((p) => !codes.has(p.device_code)));
          },
        }}
      />
      <ScrollSentinel
        active={list.more && !list.loading}
        version={list.rows.length}
        onReach={() => setScrolled({ key: listKey, pages: pagesShown + 1 })}
      />
      {list.total > 0 ? (
        <ListPager
          page={devices.page}
          maxPage={maxPageOf(list.total)}
          total={list.total}
          onChange={devices.setPage}
          pagesShown={pagesShown}
        />
      ) : null}
      <PlayerSearchForm
        open={searchOpen}
        initial={devices.criteria}
        showCountry={canChooseCountry(role)}
        onClose={closeSearch}
        onSearch={(criteria: PlayerCriteria) => {
          devices.setCriteria(criteria);
          closeSearch();
        }}
      />
    </WizardLayout>
  );
}
