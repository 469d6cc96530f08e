import { displayPatternLabel, type TContent, type TScheduleContent } from '@signage/domain';
import { Button, Flex, Input, Modal, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ContentFamily, refusalOf, usePickableContents } from './contentPicker';
import '../../../i18n/schedules';

type Props = {
  open: boolean;
  family: ContentFamily;
  /** Ids already in the playlist (shown, not offered again). */
  taken: string[];
  /** The display patterns of the schedule's players: a content that does not fit one is marked, not offered. */
  playerPatterns: readonly string[];
  today: string;
  onAdd: (contents: TScheduleContent[]) => void;
  onClose: () => void;
};

/** A content as a schedule carries it, for the playlist table. */
export const asScheduleContent = (c: TContent): TScheduleContent => ({
  content_id: c.content_id,
  name: c.name,
  type: c.type,
  display_pattern: c.display_pattern,
  thumbnail_url: c.thumbnail_url,
  rtmp_url: c.rtmp_url,
  stream_key: c.stream_key,
  duration: c.duration,
  license_from: c.license_from,
  license_to: c.license_to,
  deleted: false,
});

/** Picks contents of the playlist's family (images and movies, or live streams) to add at its end. */
export function ContentPickerModal({ open, family, taken, playerPatterns, today, onAdd, onClose }: Props) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<TContent[]>([]);
  const pages = usePickableContents(family, name, open);
  const rows = pages.data?.pages.flatMap((p) => p.contents) ?? [];
  const expired = (c: TContent) => c.license_to !== null && c.license_to.slice(0, 10) < today;
  const refusal = (c: TContent) => refusalOf(t, c.display_pattern, playerPatterns);
  const columns: ColumnsType<TContent> = [
    {
      title: t('scheduleView.thumbnail'),
      key: 'thumb',
      width: 88,
      render: (_, c) =>
        c.thumbnail_url ? (
          <img src={c.thumbnail_url} alt="" style={{ width: 72, height: 40, objectFit: 'cover', borderRadius: 4 }} />
        ) : null,
    },
    {
      title: t('scheduleView.contentName'),
      key: 'name',
      render: (_, c) => (
        <Flex gap={6} wrap>
          <span>{c.name}</span>
          {taken.includes(c.content_id) ? <Tag>{t('scheduleView.edit.inPlaylist')}</Tag> : null}
          {expired(c) ? <Tag color="orange">{t('scheduleView.edit.expired')}</Tag> : null}
          {refusal(c) ? <Tag color="orange">{refusal(c)}</Tag> : null}
        </Flex>
      ),
    },
    {
      title: t('contents.list.display'),
      key: 'display',
      width: 120,
      render: (_, c) => displayPatternLabel(c.display_pattern),
    },
    {
      title: t('scheduleView.expiringDate'),
      key: 'license',
      width: 140,
      render: (_, c) => (c.license_to ? c.license_to.slice(0, 10) : t('common.noExpiration')),
    },
  ];
  const close = () => {
    setPicked([]);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={family === 'live' ? t('scheduleView.edit.pickLive') : t('scheduleView.edit.pickMedia')}
      width={820}
      onCancel={close}
      okText={t('scheduleView.edit.addPicked', { count: picked.length })}
      okButtonProps={{ disabled: picked.length === 0 }}
      cancelText={t('common.cancel')}
      onOk={() => {
        onAdd(picked.map(asScheduleContent));
        close();
      }}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Input.Search
          aria-label={t('scheduleView.contentName')}
          placeholder={t('scheduleView.edit.searchName')}
          allowClear
          onSearch={(value) => setName(value.trim())}
        />
        <Table
          rowKey="content_id"
          size="small"
          loading={pages.isLoading}
          columns={columns}
          dataSource={rows}
          pagination={false}
          scroll={{ y: 400 }}
          locale={{ emptyText: t('scheduleView.edit.noPickable') }}
          rowSelection={{
            selectedRowKeys: picked.map((c) => c.content_id),
            onChange: (_, selected) => setPicked(selected),
            getCheckboxProps: (c) => ({
              disabled: taken.includes(c.content_id) || expired(c) || refusal(c) !== null,
              'aria-label': c.name,
            }),
          }}
        />
        {pages.hasNextPage ? (
          <Button onClick={() => pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
            {t('scheduleView.edit.loadMore')}
          </Button>
        ) : null}
        {pages.isError ? <Typography.Text type="danger">{t('messages.contentGetFailed')}</Typography.Text> : null}
      </Flex>
    </Modal>
  );
}
