import { useTranslation } from 'react-i18next';
import { LANGUAGE_LABELS, LANGUAGE_ORDER, setLanguage, useChosenLanguage } from '../i18n';
import { PlainButton } from './plain';

/** A light row of language choices for screens without the header (login); plain elements, no Ant Design. */
export function LanguageLinks({ className }: { className?: string }) {
  const { t } = useTranslation();
  const current = useChosenLanguage();
  return (
    <fieldset aria-label={t('shell.language')} className={['language-links', className ?? ''].join(' ')}>
      {LANGUAGE_ORDER.map((language) => (
        <PlainButton
          key={language}
          variant="text"
          lang={language === 'tw' ? 'zh-Hant' : language}
          aria-pressed={language === current}
          className={language === current ? 'language-current' : 'language-other'}
          onClick={() => void setLanguage(language)}
        >
          {LANGUAGE_LABELS[language]}
        </PlainButton>
      ))}
    </fieldset>
  );
}
