import { FilterOutlined, ReloadOutlined, SortAscendingOutlined, SortDescendingOutlined } from '@ant-design/icons';
import {
  canChooseCountry,
  canFilterPlayers,
  canReadPlayerLogs,
  MESSAGES,
  maxPageOf,
  playerListViewFor,
} from '@signage/domain';
import { Button } from 'antd';
import { lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
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
import { Card, CountBadge } from '../../../ui/lite';
import { PageHeader } from '../../../ui/PageHeader';
import { countCriteria, PLAYER_LIST_SCREEN, type PlayerCriteria, toDeviceQuery } from '../../../ui/players/criteria';
import { PlayerTable } from '../../../ui/players/PlayerTable';
import { DEFAULT_PLAYER_COLUMNS, usePlayerColumnChoices } from '../../../ui/players/playerColumns';
import { useDevicePages } from '../../../ui/players/useDevicePages';
import { ScrollSentinel } from '../../../ui/ScrollSentinel';
import { useOverlayToggle } from '../../../ui/useOverlay';

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
  const [searchOpen, openSearch, closeSearch] = useOverlayToggle('playerSearch');
  const query = useMemo(() => toDeviceQuery(screen.criteria, screen.order), [screen.criteria, screen.order]);
  // Scrolling to the bottom shows the following pages under the current one; a new page or search starts over.
  const listKey = JSON.stringify([query, screen.page]);
  const [scrolled, setScrolled] = useState({ key: listKey, pages: 1 });
  const pagesShown = scrolled.key === listKey ? scrolled.pages : 1;
  const list = useDevicePages(query, screen.page, pagesShown);
  const view = playerListViewFor(user?.authority ?? 'DS_MK');
  const choices = usePlayerColumnChoices(view);
  const columns = useColumnChoice(user?.userId, `playerList.${view}`, DEFAULT_PLAYER_COLUMNS[view]);
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
            <ActiveFilters count={activeFilters} onClear={() => screen.setCriteria({})} />
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
