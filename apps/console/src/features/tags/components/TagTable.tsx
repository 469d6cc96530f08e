import type { TSetting } from '@signage/domain';
import { Button, Flex, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { I18nKey } from '../../../i18n/keys';
import { useTagName } from '../../../ui/tagName';
import { useTypeLabel } from './typeLabel';

type TagTableProps = {
  settings: readonly TSetting[];
  categories: readonly TSetting[];
  loading: boolean;
  empty: ReactNode;
};

/** Columns of SPEC.md section 2 (Tags, list): row number, type, value, four names, note, Details. */
export function TagTable({ settings, categories, loading, empty }: TagTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const typeLabel = useTypeLabel();
  const nameOf = useTagName();
  const categoryOf = (id: string | null) => (id ? categories.find((category) => category.id === id) : undefined);

  // Long texts are cut with an ellipsis and shown whole in a tooltip, so they cannot push the columns away.
  const truncated = {
    ellipsis: { showTitle: false },
    render: (text: string) => <Tooltip title={text}>{text}</Tooltip>,
  };
  const name = (field: 'en' | 'ja' | 'zh' | 'ko', title: I18nKey) => ({
    title: t(title),
    dataIndex: field,
    key: field,
    ...truncated,
  });

  const columns: TableColumnsType<TSetting> = [
    { title: t('tags.columns.number'), key: 'number', width: 64, render: (_value, _row, index) => index + 1 },
    {
      title: t('tags.columns.tagType'),
      key: 'type',
      width: 210,
      render: (_value, row) => {
        const category = categoryOf(row.type_id);
        return (
          <Flex vertical gap={2}>
            <span style={{ whiteSpace: 'nowrap' }}>
              {typeLabel(row.type)}
              {row.preset ? (
                <Tag color="blue" style={{ marginInlineStart: 8 }}>
                  {t('tags.preset')}
                </Tag>
              ) : null}
            </span>
            {category ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {nameOf(category)}
              </Typography.Text>
            ) : null}
          </Flex>
        );
      },
    },
    { title: t('tags.columns.value'), dataIndex: 'value', key: 'value', ...truncated },
    name('en', 'tags.columns.nameEn'),
    name('ja', 'tags.columns.nameJp'),
    name('zh', 'tags.columns.nameCn'),
    name('ko', 'tags.columns.nameKr'),
    { title: t('tags.columns.note'), dataIndex: 'note', key: 'note', ...truncated },
    {
      title: t('tags.columns.details'),
      key: 'details',
      width: 96,
      render: (_value, row) => (
        <Button
          size="small"
          aria-label={`${t('tags.columns.details')}: ${row.value}`}
          onClick={() => navigate(`/setting/detail?key=${encodeURIComponent(row.key)}`)}
        >
          {t('tags.columns.details')}
        </Button>
      ),
    },
  ];

  return (
    <Table<TSetting>
      rowKey="id"
      columns={columns}
      dataSource={settings as TSetting[]}
      loading={loading}
      pagination={false}
      size="middle"
      scroll={{ x: 1060 }}
      locale={{ emptyText: empty }}
    />
  );
}
