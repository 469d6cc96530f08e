import { zoneLabel, zonesOf } from '@signage/domain';
import { Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = {
  /** The country whose zones are offered; nothing to choose before a country is. */
  country: string | null;
  value: string | null;
  onChange: (zone: string) => void;
  id?: string;
  'aria-label'?: string;
};

/**
 * A player's time zone: a select of the country's zones where it has several (US, CA, AU, RU, ID, ...);
 * otherwise the one zone, shown as text because there is nothing to choose. Labels are the zone's city
 * and its UTC offset today.
 */
export function TimeZoneField({ country, value, onChange, id, 'aria-label': ariaLabel }: Props) {
  const { t } = useTranslation();
  const zones = country ? zonesOf(country) : [];
  const [first, ...others] = zones;
  if (!first) {
    return (
      <Typography.Text id={id} type="secondary">
        {t('players.timeZoneNoCountry')}
      </Typography.Text>
    );
  }
  if (others.length === 0) {
    return <Typography.Text id={id}>{zoneLabel(first)}</Typography.Text>;
  }
  const now = new Date();
  return (
    <Select
      id={id}
      aria-label={ariaLabel}
      showSearch={{ optionFilterProp: 'label' }}
      value={value && zones.includes(value as typeof first) ? value : first}
      onChange={onChange}
      options={zones.map((zone) => ({ value: zone, label: zoneLabel(zone, now) }))}
    />
  );
}
