import { GlobalOutlined } from '@ant-design/icons';
import { isLanguage } from '@signage/domain';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_LABELS, LANGUAGE_ORDER, setLanguage, useChosenLanguage } from '../../i18n';

/** The header's compact language switch; the settings panel offers the same choice as radios. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const current = useChosenLanguage();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGE_ORDER.map((language) => ({ key: language, label: LANGUAGE_LABELS[language] })),
        onClick: ({ key }) => {
          if (isLanguage(key)) void setLanguage(key);
        },
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined aria-hidden />}
        aria-label={`${t('shell.language')}: ${LANGUAGE_LABELS[current]}`}
      >
        {LANGUAGE_LABELS[current]}
      </Button>
    </Dropdown>
  );
}
