import { FilterOutlined, ReloadOutlined, SortAscendingOutlined, SortDescendingOutlined } from '@ant-design/icons';
import {
  canChooseCountry,
  canEditPlayer,
  canFilterPlayers,
  canReadPlayerLogs,
  FLEET_HEALTH_STATES,
  type FleetHealthState,
  MESSAGES,
  maxPageOf,
  playerListViewFor,
} from '@signage/domain';
import { Button } from 'antd';
import { lazy, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useScreenState } from '../../../app/screenState';
import { openDeviceContentList } from '../../../app/shell/deviceContentList';
import { openDeviceHelp, openDevicePlaying } from '../../../app/shell/devicePlaying';
import { translateMessage } from '../../../i18n/messages';
import { errorMessageOf } from '../../../lib/api';
import { useAuth } from '../../../lib/authStore';
import { ActiveFilters } from '../../../ui/ActiveFilters';
import { ColumnChooser, useColumnChoice } from '../../../ui/ColumnChooser';
import { ListPager } from '../../../ui/ListPager';
import { MountWhenOpened } from '../../../ui/lazyOverlay';
import { Card, CountBadge, Tag } from '../../../ui/lite';
import { PageHeader } from '../../../ui/PageHeader';
import { countCriteria, PLAYER_LIST_SCREEN, type PlayerCriteria, toDeviceQuery } from '../../../ui/players/criteria';
import { usePagesFitting } from '../../../ui/players/fitPages';
import { PlayerTable } from '../../../ui/players/PlayerTable';
import { DEFAULT_PLAYER_COLUMNS, usePlayerColumnChoices } from '../../../ui/players/playerColumns';
import { useDevicePages } from '../../../ui/players/useDevicePages';
import { ScrollSentinel } from '../../../ui/ScrollSentinel';
import { useOverlayToggle } from '../../../ui/useOverlay';
import { BulkHoursButton } from '../components/BulkHoursButton';
import '../../../i18n/schedules';

const isHealthState = (value: string | null): value is FleetHealthState =>
  (FLEET_HEALTH_STATES as readonly (string | null)[]).includes(value);

/** The search drawer (form, select and country picker code), loaded when it first opens. */
const PlayerSearchForm = lazy(async () => ({
  default: (await import('../../../ui/players/PlayerSearchForm')).PlayerSearchForm,
}));

/**
 * Player list (SPEC.md section 2). A failed load is not an alarm (SPEC.md section 4 swallows them): the
 * table says it in place of its rows.
 */
export default function PlayerListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuth((state) => state.user);
  const screen = useScreenState<PlayerCriteria>(PLAYER_LIST_SCREEN);
  // The fleet health screen links here with ?health=…&region=…: that becomes the search, and leaves the address.
  const [params, setParams] = useSearchParams();
  const linkedHealth = params.get('health');
  const linkedRegion = params.get('region');
  const { setCriteria } = screen;
  useEffect(() => {
    if (!isHealthState(linkedHealth)) return;
    setCriteria({ health: linkedHealth, ...(linkedRegion ? { region: linkedRegion } : {}) });
    setParams({}, { replace: true });
  }, [linkedHealth, linkedRegion, setCriteria, setParams]);
  const [searchOpen, openSearch, closeSearch] = useOverlayToggle('playerSearch');
  const query = useMemo(() => toDeviceQuery(screen.criteria, screen.order), [screen.criteria, screen.order]);
  // A page shows as many pages of ten from it on as fill the window (two at 900 px: 20 players in view);
  // scrolling to the bottom shows the following ones under them; a new page or search starts over.
  const fit = usePagesFitting();
  const listKey = JSON.stringify([query, screen.page]);
  const [scrolled, setScrolled] = useState({ key: listKey, pages: fit });
  const pagesShown = scrolled.key === listKey ? Math.max(fit, scrolled.pages) : fit;
  const list = useDevicePages(query, screen.page, pagesShown);
  const view = playerListViewFor(user?.authority ?? 'DS_MK');
  const choices = usePlayerColumnChoices(view);
  const columns = useColumnChoice(user?.userId, `playerList.${view}`, DEFAULT_PLAYER_COLUMNS[view]);
  // Rows picked for a bulk action (opening hours), kept across pages of the same list.
  const [selected, setSelected] = useState<string[]>([]);
  if (!user) return null;
  const role = user.authority;
  const activeFilters = countCriteria(screen.criteria);
  const filtered = activeFilters > 0;

  return (
    <>
      <PageHeader
        title={t('title.playerList')}
        extra={
          <>
            {canFilterPlayers(role) ? (
              <CountBadge count={activeFilters}>
                <Button icon={<FilterOutlined />} onClick={openSearch} aria-haspopup="dialog">
                  {t('common.filter')}
                </Button>
              </CountBadge>
            ) : null}
            {screen.criteria.health ? (
              <Tag color="blue" data-testid="health-filter">
                {t('players.healthFilter', { state: t(`fleet.${screen.criteria.health}`) })}
              </Tag>
            ) : null}
            <ActiveFilters count={activeFilters} onClear={() => screen.setCriteria({})} />
            {canEditPlayer(role) ? (
              <BulkHoursButton query={query} total={list.total} selected={selected} onDone={() => setSelected([])} />
            ) : null}
            <Button
              icon={screen.order === 'DESC' ? <SortDescendingOutlined /> : <SortAscendingOutlined />}
              onClick={() => screen.setOrder(screen.order === 'DESC' ? 'ASC' : 'DESC')}
              aria-label={`${t('common.sort')} (${screen.order})`}
            >
              {t('common.sort')}
            </Button>
            <Button icon={<ReloadOutlined />} onClick={() => list.refetch()}>
              {t('players.refresh')}
            </Button>
            <ColumnChooser
              choices={choices}
              shown={columns.shown}
              onChange={columns.setShown}
              onReset={columns.reset}
            />
          </>
        }
      />
      <Card>
        <PlayerTable
          view={view}
          density="compact"
          shown={columns.shown}
          footer={
            <ScrollSentinel
              active={list.more && !list.loading}
              version={list.rows.length}
              onReach={() => setScrolled({ key: listKey, pages: pagesShown + 1 })}
            />
          }
          rows={list.rows}
          rowSelection={
            canEditPlayer(role)
              ? {
                  selectedRowKeys: selected,
                  preserveSelectedRowKeys: true,
                  getTitleCheckboxProps: () => ({ 'aria-label': t('wizard.selectPage') }),
                  getCheckboxProps: (row) => ({
                    'aria-label': t('wizard.selectPlayer', { name: `${row.shop_name} ${row.shop_no}` }),
                  }),
                  onSelect: (row, checked) =>
                    setSelected(
                      checked ? [...selected, row.device_code] : selected.filter((c) => c !== row.device_code),
                    ),
                  onSelectAll: (checked, _rows, changed) => {
                    const codes = new Set(changed.map((row) => row.device_code));
                    setSelected(
                      checked ? [...new Set([...selected, ...codes])] : selected.filter((c) => !codes.has(c)),
                    );
                  },
                }
              : undefined
          }
          firstNumber={(screen.page - 1) * 10 + 1}
          loading={list.loading}
          showLogs={canReadPlayerLogs(role)}
          emptyText={
            list.error
              ? translateMessage(t, errorMessageOf(list.error, MESSAGES.playerGetFailed))
              : filtered
                ? t('messages.noMatchingRecord')
                : t('players.empty')
          }
          onDetails={(d) => navigate(`/device/detail?device_code=${encodeURIComponent(d.device_code)}`)}
          onLogs={(d) => navigate(`/device/logs?device_code=${encodeURIComponent(d.device_code)}`)}
          onContents={(d) => openDeviceContentList(d.device_code, { origin: 'list' })}
          onPlaying={(d) => openDevicePlaying(d.device_code)}
          onHelp={openDeviceHelp}
        />
        {list.total > 0 ? (
          <ListPager
            page={screen.page}
            maxPage={maxPageOf(list.total)}
            total={list.total}
            onChange={screen.setPage}
            pagesShown={pagesShown}
          />
        ) : null}
      </Card>
      <MountWhenOpened open={searchOpen}>
        <PlayerSearchForm
          open={searchOpen}
          initial={screen.criteria}
          showCountry={canChooseCountry(role)}
          onClose={closeSearch}
          onSearch={(criteria) => {
            screen.setCriteria(criteria);
            closeSearch();
          }}
        />
      </MountWhenOpened>
    </>
  );
}
