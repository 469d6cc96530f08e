import { TagsOutlined } from '@ant-design/icons';
import type { TSetting } from '@signage/domain';
import { Button, Checkbox, Empty, Flex, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChosenLanguage } from '../../i18n';
import { type DialogKind, openDialog } from '../dialog';
import { tagName } from '../tagName';
import { useTagSettings } from './api';

type TagFieldProps = {
  kind: Extract<
    DialogKind,
    'deviceTag' | 'deviceSearchDeviceTag' | 'deviceSearchDeviceExludeTag' | 'deviceDetailDeviceTag'
  >;
  value: string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
  /** Names of tags the player already carries (known even when the tag list is unavailable). */
  known?: { id: string; en: string; ja: string; zh: string; ko: string }[];
  label?: string;
};

/**
 * Tags are level-2 settings under a level-1 category (the category itself is not a tag): grouped under
 * their category, in the order the list gives.
 */
function groupTags(settings: TSetting[]): { category: TSetting | null; tags: TSetting[] }[] {
  const tags = settings.filter((s) => s.level === 2);
  const categories = settings.filter((s) => s.level === 1);
  const groups = categories.map((category) => ({ category, tags: tags.filter((tag) => tag.type_id === category.id) }));
  const orphans = tags.filter((tag) => !categories.some((c) => c.id === tag.type_id));
  return [...groups, { category: null, tags: orphans }].filter((g) => g.tags.length > 0);
}

function TagChooser({
  settings,
  initial,
  onDraft,
}: {
  settings: TSetting[];
  initial: string[];
  onDraft: (ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const language = useChosenLanguage();
  const [draft, setDraft] = useState(initial);
  const groups = groupTags(settings);
  if (groups.length === 0) return <Empty description={t('players.noTagsAvailable')} />;
  return (
    <Checkbox.Group
      value={draft}
      onChange={(ids) => {
        setDraft(ids as string[]);
        onDraft(ids as string[]);
      }}
      style={{ width: '100%' }}
    >
      {groups.map((group) => (
        <fieldset key={group.category?.id ?? 'other'} style={{ border: 0, padding: 0, margin: '0 0 12px' }}>
          {group.category ? (
            <legend style={{ marginBottom: 4 }}>
              <Typography.Text strong>{tagName(group.category, language)}</Typography.Text>
            </legend>
          ) : null}
          <Flex wrap gap={8}>
            {group.tags.map((tag) => (
              <Checkbox key={tag.id} value={tag.id}>
                {tagName(tag, language)}
              </Checkbox>
            ))}
          </Flex>
        </fieldset>
      ))}
    </Checkbox.Group>
  );
}

/** The chosen tags as chips, and a button that opens the tag dialog of `kind` to change them. */
export function TagField({ kind, value, onChange, disabled, known = [], label }: TagFieldProps) {
  const { t } = useTranslation();
  const language = useChosenLanguage();
  const settings = useTagSettings();
  const draft = useRef<string[]>(value);
  const named = new Map([...known, ...(settings.data ?? [])].map((s) => [s.id, s]));
  const open = () => {
    draft.current = value;
    openDialog({
      kind,
      title: label ?? t('players.chooseTags'),
      content: (
        <TagChooser
          settings={settings.data ?? []}
          initial={value}
          onDraft={(ids) => {
            draft.current = ids;
          }}
        />
      ),
      onOk: () => onChange(draft.current),
    });
  };
  return (
    <Flex gap={8} align="center" wrap>
      {value.length === 0 ? <Typography.Text type="secondary">{t('players.noTags')}</Typography.Text> : null}
      {value.map((id) => {
        const setting = named.get(id);
        return (
          <Tag key={id} closable={!disabled} onClose={() => onChange(value.filter((v) => v !== id))}>
            {setting ? tagName(setting, language) || id.slice(0, 8) : id.slice(0, 8)}
          </Tag>
        );
      })}
      {disabled ? null : (
        <Button size="small" icon={<TagsOutlined />} onClick={open} aria-label={label ?? t('players.chooseTags')}>
          {t('players.select')}
        </Button>
      )}
    </Flex>
  );
}
