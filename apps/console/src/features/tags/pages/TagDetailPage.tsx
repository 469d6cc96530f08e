import type { TSetting } from '@signage/domain';
import { Alert, Button, Card, Result, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useBanner } from '../../../app/shell/useBanner';
import { ApiError, errorMessageOf } from '../../../lib/api';
import { openDialog } from '../../../ui/dialog';
import { PageHeader } from '../../../ui/PageHeader';
import { useDeleteSetting, useSetting, useTagCategories, useUpdateSetting } from '../api';
import { TagForm } from '../components/TagForm';
import { isTagFormComplete, tagFormDiffers, tagFormValuesOf, tagWriteOf } from '../form';

/** The detail route carries the tag's key as `?key=`; without one it shows the list (SPEC.md section 2). */
export default function TagDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const key = params.get('key');
  if (!key) return <Navigate to="/setting/list" replace />;
  return (
    <>
      <PageHeader title={t('title.tagInfo')} />
      <TagDetail key={key} settingKey={key} />
    </>
  );
}

function TagDetail({ settingKey }: { settingKey: string }) {
  const { t } = useTranslation();
  const setting = useSetting(settingKey);
  if (setting.isPending) return <Card loading aria-busy style={{ maxWidth: 760 }} />;
  if (setting.isError) {
    const missing = setting.error instanceof ApiError && setting.error.status === 404;
    return (
      <Card style={{ maxWidth: 760 }}>
        <Result
          status={missing ? '404' : 'error'}
          title={missing ? t('tags.notFound') : t('tags.loadFailed')}
          extra={[
            missing ? null : (
              <Button key="retry" onClick={() => void setting.refetch()}>
                {t('tags.retry')}
              </Button>
            ),
            <Link key="back" to="/setting/list">
              {t('tags.backToList')}
            </Link>,
          ]}
        />
      </Card>
    );
  }
  return <TagEditor key={setting.data.updated_at} setting={setting.data} />;
}

/**
 * Register saves only when a field differs from what is stored (and the required ones are filled);
 * Delete asks first (settingDelete). Both go to the list afterwards; failures show in the banner.
 */
function TagEditor({ setting }: { setting: TSetting }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const banner = useBanner();
  const stored = tagFormValuesOf(setting);
  const [values, setValues] = useState(stored);
  const categories = useTagCategories();
  const update = useUpdateSetting(setting.key);
  const remove = useDeleteSetting(setting.key);
  const otherCategories = (categories.data ?? []).filter((category) => category.id !== setting.id);
  const canRegister = tagFormDiffers(values, stored) && isTagFormComplete(values);

  const done = (text: 'tags.done.updated' | 'tags.done.deleted') => () => {
    banner.show({ level: 'info', text });
    navigate('/setting/list');
  };
  const fail = (error: unknown) => banner.show({ level: 'error', text: errorMessageOf(error) });

  const save = () => {
    if (!canRegister || update.isPending) return;
    update.mutate(tagWriteOf(values, otherCategories), { onSuccess: done('tags.done.updated'), onError: fail });
  };

  const confirmDelete = () =>
    openDialog({
      kind: 'settingDelete',
      title: t('dialog.settingDelete.title'),
      content: t('dialog.settingDelete.content', { value: setting.value }),
      okText: t('common.delete'),
      danger: true,
      onOk: () => remove.mutate(undefined, { onSuccess: done('tags.done.deleted'), onError: fail }),
    });

  const deleteButton = (
    <Button danger disabled={setting.preset} loading={remove.isPending} onClick={confirmDelete}>
      {t('common.delete')}
    </Button>
  );

  return (
    <TagForm
      values={values}
      onChange={setValues}
      onSubmit={save}
      categories={otherCategories}
      categoriesLoading={categories.isLoading}
      fixedTypeAndValue={setting.preset}
      notice={
        setting.preset ? <Alert type="info" showIcon title={t('tags.presetHint')} style={{ marginBottom: 16 }} /> : null
      }
      actions={
        <>
          {setting.preset ? <Tooltip title={t('tags.presetHint')}>{deleteButton}</Tooltip> : deleteButton}
          <Button type="primary" htmlType="submit" disabled={!canRegister} loading={update.isPending}>
            {t('common.register')}
          </Button>
        </>
      }
    />
  );
}
