import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import {
  diffScheduleValues,
  MESSAGES,
  runtimeZone,
  type ScheduleIssue,
  type TSchedule,
  type TScheduleContent,
  todayIn,
  validateScheduleValues,
} from '@signage/domain';
import { Alert, Button, Card, Empty, Flex, Form, Input, Pagination, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type HTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBanner } from '../../../app/shell/useBanner';
import { translateMessage } from '../../../i18n/messages';
import { errorMessageOf } from '../../../lib/api';
import { openDialog } from '../../../ui/dialog';
import { PageHeader } from '../../../ui/PageHeader';
import { useUpdateSchedule } from '../contentList/api';
import { isLockedLive } from '../contentList/format';
import { ContentPickerModal } from '../edit/ContentPickerModal';
import { familyOf } from '../edit/contentPicker';
import { moveItem, PLAYLIST_PAGE_SIZE, pageOf, removeAt } from '../edit/playlist';
import { ChosenSchedule } from '../update/ChosenSchedule';
import { playerDetailPath, valuesOf } from '../update/selection';
import '../../../i18n/schedules';

type Row = TScheduleContent & { index: number };

/** A table row that can be dragged onto another to move there (the buttons do the same from the keyboard). */
function DraggableRow({
  index,
  onMove,
  ...props
}: HTMLAttributes<HTMLTableRowElement> & { index?: number; onMove?: (from: number, to: number) => void }) {
  const [over, setOver] = useState(false);
  if (index === undefined || !onMove) return <tr {...props} />;
  return (
    <tr
      {...props}
      draggable
      data-testid="playlist-row"
      onDragStart={(e) => {
        e.dataTransfer.setData('text/plain', String(index));
        e.dataTransfer.effectAllowed = 'move';
      }}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const from = Number(e.dataTransfer.getData('text/plain'));
        if (Number.isInteger(from)) onMove(from, index);
      }}
      style={{ ...props.style, cursor: 'grab', outline: over ? '2px dashed #1677ff' : undefined }}
    />
  );
}

function EditContentsForm({
  schedule,
  deviceCode,
  zone,
}: {
  schedule: TSchedule;
  deviceCode: string;
  zone: string | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const banner = useBanner();
  const before = valuesOf(schedule);
  const today = todayIn(runtimeZone());
  const [playlistName, setPlaylistName] = useState(schedule.playlist_name);
  const [items, setItems] = useState<TScheduleContent[]>(schedule.contents);
  const [page, setPage] = useState(1);
  const [picking, setPicking] = useState(false);
  const [issues, setIssues] = useState<ScheduleIssue[]>([]);
  const [announce, setAnnounce] = useState('');
  const update = useUpdateSchedule(schedule.schedule_id);
  const family = familyOf(schedule.contents[0]?.type ?? 'image');
  const after = { ...before, playlist_name: playlistName.trim(), contents: items.map((c) => c.content_id) };
  const changes = diffScheduleValues(before, after);
  const changed = Object.keys(changes).length > 0;
  const locked = zone !== null && isLockedLive(schedule, zone);
  const backToPlayer = () => navigate(playerDetailPath(deviceCode), { replace: true });
  const issueOf = (field: ScheduleIssue['field']) => issues.find((i) => i.field === field);

  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length) return;
    setItems(moveItem(items, from, to));
    setPage(pageOf(to));
    setAnnounce(t('scheduleView.edit.moved', { name: items[from]?.name, position: to + 1 }));
  };
  const remove = (index: number) => {
    const next = removeAt(items, index);
    setItems(next);
    setPage(Math.min(page, pageOf(next.length - 1)));
    setAnnounce(t('scheduleView.edit.removed', { name: items[index]?.name }));
  };

  const save = () => {
    const found = validateScheduleValues(after, { today, checkStart: false }).filter(
      (i) => i.field === 'playlist_name' || i.field === 'contents',
    );
    setIssues(found);
    if (found.length > 0) return;
    openDialog({
      kind: 'scheduleUpdate',
      title: t('scheduleView.edit.confirmTitle'),
      content: t('scheduleView.edit.confirmContent', { count: items.length }),
      // The promise, not mutate's callbacks: the refresh after the write remounts this page's form (a new
      // schedule version, see ChosenSchedule), which would drop those callbacks with it.
      onOk: () =>
        void update.mutateAsync({ zone_code: runtimeZone(), ...changes }).then(
          () => {
            banner.show({ level: 'info', text: 'scheduleView.edit.done' });
            backToPlayer();
          },
          (error) => banner.show({ level: 'error', text: errorMessageOf(error, MESSAGES.schedulePutFailed) }),
        ),
    });
  };

  const rows: Row[] = items.map((c, index) => ({ ...c, index }));
  const shown = rows.slice((page - 1) * PLAYLIST_PAGE_SIZE, page * PLAYLIST_PAGE_SIZE);
  const columns: ColumnsType<Row> = [
    { title: '', key: 'drag', width: 32, render: () => <HolderOutlined aria-hidden style={{ color: '#8c8c8c' }} /> },
    { title: t('scheduleView.number'), key: 'n', width: 56, render: (_, r) => r.index + 1 },
    {
      title: t('scheduleView.thumbnail'),
      key: 'thumb',
      width: 88,
      render: (_, r) =>
        r.thumbnail_url ? (
          <img src={r.thumbnail_url} alt="" style={{ width: 72, height: 40, objectFit: 'cover', borderRadius: 4 }} />
        ) : (
          <div style={{ width: 72, height: 40, background: '#f0f0f0', borderRadius: 4 }} aria-hidden />
        ),
    },
    {
      title: t('scheduleView.contentName'),
      key: 'name',
      render: (_, r) => (
        <Flex gap={6} wrap>
          <span>{r.name}</span>
          {r.type === 'stream' ? <Tag color="red">{t('scheduleView.live')}</Tag> : null}
        </Flex>
      ),
    },
    {
      title: t('scheduleView.expiringDate'),
      key: 'license',
      width: 140,
      render: (_, r) => (r.license_to ? r.license_to.slice(0, 10) : t('common.noExpiration')),
    },
    {
      title: t('scheduleView.edit.order'),
      key: 'actions',
      width: 150,
      render: (_, r) => (
        <Flex gap={4}>
          <Button
            size="small"
            icon={<ArrowUpOutlined />}
            disabled={r.index === 0}
            aria-label={t('scheduleView.edit.moveUp', { name: r.name })}
            onClick={() => move(r.index, r.index - 1)}
          />
          <Button
            size="small"
            icon={<ArrowDownOutlined />}
            disabled={r.index === items.length - 1}
            aria-label={t('scheduleView.edit.moveDown', { name: r.name })}
            onClick={() => move(r.index, r.index + 1)}
          />
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('scheduleView.edit.remove', { name: r.name })}
            onClick={() => remove(r.index)}
          />
        </Flex>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('title.editContents')} />
      <Card>
        <Flex vertical gap={16}>
          {locked ? <Alert type="warning" showIcon title={t('scheduleView.lockedLive')} /> : null}
          <Typography.Text type="secondary">
            {t('scheduleView.edit.scheduleOf', { name: schedule.schedule_name })}
          </Typography.Text>
          <Form layout="vertical" onSubmitCapture={(e) => e.preventDefault()} style={{ maxWidth: 480 }}>
            <Form.Item
              label={t('scheduleView.playlistName')}
              htmlFor="playlist-name"
              required
              validateStatus={issueOf('playlist_name') ? 'error' : undefined}
              help={issueOf('playlist_name') ? translateMessage(t, issueOf('playlist_name')?.message ?? '') : undefined}
            >
              <Input
                id="playlist-name"
                value={playlistName}
                maxLength={200}
                onChange={(e) => setPlaylistName(e.target.value)}
              />
            </Form.Item>
          </Form>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
              {t('scheduleView.edit.selected', { count: items.length })}
            </Typography.Title>
            <Button icon={<PlusOutlined />} onClick={() => setPicking(true)}>
              {t('scheduleView.edit.add')}
            </Button>
          </Flex>
          <Typography.Text type="secondary">{t('scheduleView.edit.reorderHint')}</Typography.Text>
          {issueOf('contents') ? (
            <Alert type="error" showIcon title={translateMessage(t, issueOf('contents')?.message ?? '')} />
          ) : null}
          <Table<Row>
            rowKey={(r) => `${r.index}-${r.content_id}`}
            size="small"
            columns={columns}
            dataSource={shown}
            pagination={false}
            components={{ body: { row: DraggableRow } }}
            onRow={(r) => ({ index: r.index, onMove: move }) as HTMLAttributes<HTMLElement>}
            locale={{ emptyText: <Empty description={t('scheduleView.noContents')} /> }}
          />
          {items.length > PLAYLIST_PAGE_SIZE ? (
            <Pagination
              current={page}
              pageSize={PLAYLIST_PAGE_SIZE}
              total={items.length}
              onChange={setPage}
              showSizeChanger={false}
              showTotal={(total, [a, b]) => `${a}-${b} / ${total}`}
            />
          ) : null}
          <div aria-live="polite" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden' }}>
            {announce}
          </div>
          <Flex gap={8} justify="flex-end">
            <Button onClick={backToPlayer}>{t('common.back')}</Button>
            <Button type="primary" onClick={save} disabled={!changed || locked} loading={update.isPending}>
              {t('common.save')}
            </Button>
          </Flex>
        </Flex>
      </Card>
      <ContentPickerModal
        open={picking}
        family={family}
        taken={items.map((c) => c.content_id)}
        playerPatterns={schedule.dest_display_patterns}
        today={today}
        onClose={() => setPicking(false)}
        onAdd={(added) => {
          const next = [...items, ...added];
          setItems(next);
          setPage(pageOf(next.length - 1));
        }}
      />
    </>
  );
}

/**
 * Edit contents (SPEC.md section 2): the playlist name and its ordered contents; add (same family), remove,
 * reorder by drag and drop or by buttons, pager. Save sends only what changed. Without a schedule or a
 * player chosen: back to the player list (SPEC.md section 4).
 */
export default function EditContentsPage() {
  return (
    <ChosenSchedule titleKey="title.editContents">
      {({ schedule, deviceCode, playerZone }) => (
        <EditContentsForm schedule={schedule} deviceCode={deviceCode} zone={playerZone} />
      )}
    </ChosenSchedule>
  );
}
