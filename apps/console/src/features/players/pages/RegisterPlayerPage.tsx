import { isRegionBound } from '@signage/domain';
import { Card, Steps, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAuth } from '../../../lib/authStore';
import { PageHeader } from '../../../ui/PageHeader';
import { IssuePinStep } from '../components/IssuePinStep';
import { StoreRegistrationForm } from '../components/StoreRegistrationForm';
import { EMPTY_DRAFT, hasStoreBasics, useRegistrationDraft } from '../store';

/** Register player (SPEC.md section 2): (1) Store registration, (2) Issue PIN. */
export default function RegisterPlayerPage() {
  const { t } = useTranslation();
  const serial = decodeURIComponent(useParams().serialNumber ?? '');
  const user = useAuth((state) => state.user);
  const stored = useRegistrationDraft();
  const draft = stored.serial === serial ? stored.draft : EMPTY_DRAFT;
  const [step, setStep] = useState(0);
  const countries = user && isRegionBound(user.authority) ? [user.region] : undefined;

  // Step two without country, store code or store name goes back to step one (SPEC.md section 4).
  useEffect(() => {
    if (step === 1 && !hasStoreBasics(draft)) setStep(0);
  }, [step, draft]);

  return (
    <>
      <PageHeader title={t('title.registerPlayer')} />
      <Steps
        current={step}
        style={{ marginBottom: 24, maxWidth: 640 }}
        items={[{ title: t('players.stepStore') }, { title: t('players.stepPin') }]}
      />
      <Typography.Paragraph>
        {t('players.serial')}: <Typography.Text strong>{serial}</Typography.Text>
      </Typography.Paragraph>
      {step === 0 ? (
        <Card style={{ maxWidth: 760 }}>
          <StoreRegistrationForm
            value={draft}
            countries={countries}
            onChange={(next) => stored.set(serial, next)}
            onSubmit={() => setStep(1)}
          />
        </Card>
      ) : (
        <div style={{ maxWidth: 760 }}>
          <IssuePinStep serial={serial} draft={draft} onBack={() => setStep(0)} />
        </div>
      )}
    </>
  );
}
