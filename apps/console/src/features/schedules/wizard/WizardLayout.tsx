import { Button, Card, Flex, Steps, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../ui/PageHeader';
import { WIZARD_STEPS, type WizardMode, type WizardStep } from './state';
import '../../../i18n/schedules';

type Props = {
  mode: WizardMode;
  step: WizardStep;
  /** The schedule a copy is made from, named under the title. */
  sourceName?: string;
  toolbar?: ReactNode;
  panel: ReactNode;
  children: ReactNode;
  onBack: () => void;
  next: { label: string; onClick: () => void; disabled?: boolean };
  /** Why Next cannot go on yet (field-level message of the step). */
  nextHint?: string | null;
};

/** The three steps of the schedule wizard (SPEC.md section 2): step indicator, step body, selection panel, Back/Next. */
export function WizardLayout({ mode, step, sourceName, toolbar, panel, children, onBack, next, nextHint }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={mode === 'duplicate' ? t('title.duplicatePlaylist') : t('title.createPlaylist')}
        extra={toolbar}
      />
      {sourceName ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
          {t('wizard.copyOf', { name: sourceName })}
        </Typography.Paragraph>
      ) : null}
      <Steps
        size="small"
        current={WIZARD_STEPS.indexOf(step)}
        items={WIZARD_STEPS.map((s) => ({ title: t(`wizard.steps.${s}`) }))}
        style={{ marginBottom: 16, maxWidth: 720 }}
      />
      <Flex gap={16} align="flex-start">
        <Card style={{ flex: 1, minWidth: 0 }}>{children}</Card>
        {panel}
      </Flex>
      <Flex justify="space-between" align="center" gap={16} style={{ marginTop: 16 }}>
        <Button onClick={onBack}>{t('common.back')}</Button>
        <Flex align="center" gap={12}>
          {nextHint ? (
            <Typography.Text type="danger" role="alert">
              {nextHint}
            </Typography.Text>
          ) : null}
          <Button type="primary" onClick={next.onClick} disabled={next.disabled}>
            {next.label}
          </Button>
        </Flex>
      </Flex>
    </>
  );
}
