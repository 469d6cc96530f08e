import { FilterOutlined, SortAscendingOutlined, SortDescendingOutlined } from '@ant-design/icons';
import {
  fitsScheduleKind,
  MEDIA_TYPE_FILTERS,
  type MediaTypeFilter,
  pickerMediaType,
  type ScheduleContentKind,
  scheduleKindOf,
  type TContent,
} from '@signage/domain';
import { Alert, Badge, Button } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../lib/authStore';
import { CenteredSpinner } from '../../../ui/CenteredSpinner';
import { ContentPlayerModal } from '../../../ui/contents/ContentPlayerModal';
import { ContentSearchModal } from '../../../ui/contents/ContentSearchModal';
import { ContentTable } from '../../../ui/contents/ContentTable';
import { type ContentCriteria, useContentRows } from '../../../ui/contents/contentPages';
import { activeFilterCount } from '../../../ui/contents/format';
import { useOverlay } from '../../../ui/useOverlay';
import { refusalOf } from '../edit/contentPicker';
import { SelectionPanel } from '../wizard/SelectionPanel';
import { toWizardContent, useWizard, useWizardMode, type WizardContent, wizardPath } from '../wizard/state';
import { useCopySource } from '../wizard/useCopySource';
import { WizardLayout } from '../wizard/WizardLayout';
import '../../../i18n/schedules';

/** The search form's media types a kind leaves open. */
const MEDIA_TYPES_OF: Record<ScheduleContentKind, readonly MediaTypeFilter[]> = {
  media: ['none', 'image', 'video'],
  live: ['none', 'live'],
};

const userFilterOf = (criteria: ContentCriteria): MediaTypeFilter =>
  (MEDIA_TYPE_FILTERS as readonly string[]).includes(criteria.media_type ?? '')
    ? (criteria.media_type as MediaTypeFilter)
    : 'none';

function moved<T>(list: T[], index: number, by: -1 | 1): T[] {
  const next = [...list];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(index + by, 0, item);
  return next;
}

/**
 * Step 2 of the schedule wizard (SPEC.md section 2): pick the contents, in playlist order. The first pick
 * decides the kind (images and movies, or live streams) and the list reloads with that kind only
 * (pickerMediaType); contents of the other kind cannot be picked. Without players the user goes back to step 1.
 */
export default function SelectContentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuth((state) => state.user);
  const mode = useWizardMode();
  const copy = useCopySource(mode);
  const wizard = useWizard(mode);
  const { contents } = wizard;
  const chosen = wizard.chosen;
  const kind = scheduleKindOf(chosen);
  const query = useMemo<ContentCriteria>(
    () => ({ ...contents.criteria, media_type: pickerMediaType(kind, userFilterOf(contents.criteria)) }),
    [contents.criteria, kind],
  );
  const list = useContentRows(query, contents.order);
  const [playing, setPlaying] = useState<TContent | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const missingPlayers = copy.ready && wizard.players.length === 0;

  useEffect(() => {
    if (missingPlayers) navigate(wizardPath(mode, 'devices', copy.sourceId), { replace: true });
  }, [missingPlayers, mode, copy.sourceId, navigate]);

  if (!user) return null;
  if (!copy.ready || missingPlayers) return <CenteredSpinner />;

  const picked = new Set(chosen.map((c) => c.content_id));
  // Contents the chosen players cannot take are marked and not offered (the server would refuse them at Set).
  const playerPatterns = wizard.players.map((p) => p.display_pattern);
  const refusal = (row: TContent) => refusalOf(t, row.display_pattern, playerPatterns);
  const setChosen = (next: WizardContent[]) => {
    contents.setSelection(next);
    if (next.length > 0) setHint(null);
  };
  const filterCount = activeFilterCount(contents.criteria);
  const play = (content: TContent) => {
    setPlaying(content);
    useOverlay.getState().show('contentPlayer');
  };

  const toolbar = (
    <>
      <Badge count={filterCount} size="small">
        <Button icon={<FilterOutlined />} onClick={() => useOverlay.getState().show('contentSearch')}>
          {filterCount > 0 ? t('common.filterActive', { count: filterCount }) : t('common.filter')}
        </Button>
      </Badge>
      <Button
        icon={contents.order === 'DESC' ? <SortDescendingOutlined /> : <SortAscendingOutlined />}
        onClick={() => contents.setOrder(contents.order === 'DESC' ? 'ASC' : 'DESC')}
        aria-label={t('contents.list.sortLabel', { order: t(`contents.list.order${contents.order}`) })}
      >
        {t('contents.list.sortByUpdate')} ({t(`contents.list.order${contents.order}`)})
      </Button>
    </>
  );

  return (
    <WizardLayout
      mode={mode}
      step="contents"
      sourceName={copy.sourceName}
      toolbar={toolbar}
      panel={
        <SelectionPanel
          players={wizard.players}
          contents={chosen}
          onRemoveContent={(id) => setChosen(chosen.filter((c) => c.content_id !== id))}
          onMoveContent={(index, by) => setChosen(moved(chosen, index, by))}
        />
      }
      onBack={() => navigate(wizardPath(mode, 'devices', copy.sourceId))}
      next={{
        label: t('wizard.next'),
        onClick: () =>
          chosen.length === 0
            ? setHint(t('messages.selectScheduleContent'))
            : navigate(wizardPath(mode, 'setting', copy.sourceId)),
      }}
      nextHint={hint}
    >
      {kind ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={kind === 'live' ? t('wizard.kind.live') : t('wizard.kind.media')}
          description={t('wizard.kind.otherKind')}
        />
      ) : null}
      <ContentTable
        rows={list.rows}
        loading={list.loading}
        loadingMore={list.loadingMore}
        onReachEnd={list.loadMore}
        onPlay={play}
        noteOf={refusal}
        rowSelection={{
          selectedRowKeys: [...picked],
          preserveSelectedRowKeys: true,
          hideSelectAll: true,
          getCheckboxProps: (row) => ({
            disabled: !picked.has(row.content_id) && (!fitsScheduleKind(kind, row) || refusal(row) !== null),
            'aria-label': t('wizard.selectContent', { name: row.name }),
          }),
          onSelect: (row, checked) =>
            setChosen(
              checked
                ? [...chosen.filter((c) => c.content_id !== row.content_id), toWizardContent(row)]
                : chosen.filter((c) => c.content_id !== row.content_id),
            ),
        }}
      />
      <ContentSearchModal
        criteria={contents.criteria}
        onSearch={contents.setCriteria}
        mediaTypes={kind ? MEDIA_TYPES_OF[kind] : undefined}
      />
      <ContentPlayerModal content={playing} />
    </WizardLayout>
  );
}
