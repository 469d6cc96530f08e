import { Button, Flex } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_LABELS, LANGUAGE_ORDER, setLanguage, useChosenLanguage } from '../i18n';

/** A light row of language choices for screens without the header (login). */
export function LanguageLinks({ style }: { style?: CSSProperties }) {
  const { t } = useTranslation();
  const current = useChosenLanguage();
  return (
    <Flex role="group" aria-label={t('shell.language')} justify="center" wrap gap={4} style={style}>
      {LANGUAGE_ORDER.map((language) => (
        <Button
          key={language}
          type="text"
          size="small"
          lang={language === 'tw' ? 'zh-Hant' : language}
          aria-pressed={language === current}
          style={language === current ? { fontWeight: 600 } : { color: 'rgba(0, 0, 0, 0.45)' }}
          onClick={() => void setLanguage(language)}
        >
          {LANGUAGE_LABELS[language]}
        </Button>
      ))}
    </Flex>
  );
}
