import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBanner } from '../../../app/shell/useBanner';
import { errorMessageOf } from '../../../lib/api';
import { openDialog } from '../../../ui/dialog';
import { PageHeader } from '../../../ui/PageHeader';
import { useCreateSetting, useTagCategories } from '../api';
import { TagForm } from '../components/TagForm';
import { useTypeLabel } from '../components/typeLabel';
import { EMPTY_TAG_FORM, isTagFormComplete, tagFormDiffers, tagWriteOf } from '../form';

/**
 * Tag registration (SPEC.md section 2, Tags): Reset is enabled when anything differs from the
 * empty form, Register once the required fields are filled; Register asks for confirmation
 * (settingRegister), then saves and goes to the list. Failures show in the banner.
 */
export default function TagRegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const typeLabel = useTypeLabel();
  const banner = useBanner();
  const [values, setValues] = useState(EMPTY_TAG_FORM);
  // Reset starts a fresh form: nothing touched, no messages.
  const [formVersion, setFormVersion] = useState(0);
  const categories = useTagCategories();
  const create = useCreateSetting();
  const complete = isTagFormComplete(values);

  const register = () => {
    if (!complete || create.isPending) return;
    const body = tagWriteOf(values, categories.data ?? []);
    openDialog({
      kind: 'settingRegister',
      title: t('dialog.settingRegister.title'),
      content: t('dialog.settingRegister.content', { value: body.value, type: typeLabel(body.type) }),
      onOk: () =>
        create.mutate(body, {
          onSuccess: () => {
            banner.show({ level: 'info', text: 'tags.done.registered' });
            navigate('/setting/list');
          },
          onError: (error) => banner.show({ level: 'error', text: errorMessageOf(error) }),
        }),
    });
  };

  return (
    <>
      <PageHeader title={t('title.tagRegister')} />
      <TagForm
        version={formVersion}
        values={values}
        onChange={setValues}
        onSubmit={register}
        categories={categories.data ?? []}
        categoriesLoading={categories.isLoading}
        actions={
          <>
            <Button
              disabled={!tagFormDiffers(values, EMPTY_TAG_FORM)}
              onClick={() => {
                setValues(EMPTY_TAG_FORM);
                setFormVersion((version) => version + 1);
              }}
            >
              {t('common.reset')}
            </Button>
            <Button type="primary" htmlType="submit" disabled={!complete} loading={create.isPending}>
              {t('common.register')}
            </Button>
          </>
        }
      />
    </>
  );
}
