import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { IconGlobe } from '../../../components/ui/icons.tsx';
import { LazyBoundary } from '../../../components/ui/LazyBoundary.tsx';
import { retryableLazy } from '../../../lib/retryable-lazy.ts';
import { session } from '../../../lib/session.ts';
import { useWhenIdle } from '../../../lib/use-when-idle.ts';
import { chooseLanguage, langStore, loadLanguages } from '../stores/lang-store.ts';
import styles from './home.module.css';

// The sheet and its dialog code are off the first download: loaded once home has painted (so it opens at once), or when opened before that.
const LanguageSheet = retryableLazy(() => import('./LanguageSheet.tsx').then((m) => ({ default: m.LanguageSheet })));

/** The header's language button and its bottom sheet of languages (getLangList + setLang, LanguageSheet.tsx). */
export const LanguagePicker = memo(function LanguagePicker() {
  const { t } = useTranslation();
  const { languages } = useSnapshot(langStore);
  const { lang } = useSnapshot(session);
  const [open, setOpen] = useState(false);
  const idle = useWhenIdle();
  useEffect(() => {
    if (open) void loadLanguages();
  }, [open]);
  const current = languages.find((l) => l.file_name.toLowerCase() === lang.toLowerCase());

  const choose = async (code: string) => {
    setOpen(false);
    await chooseLanguage(code);
  };

  return (
    <>
      <button
        type="button"
        className={styles.langButton}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={t('home.language.button', { language: current?.language_name ?? lang })}
        data-testid="language-button"
      >
        <IconGlobe size={20} />
        <span className={styles.langName}>{current?.language_name ?? lang}</span>
      </button>
      {(idle || open) && (
        <LazyBoundary>
          <LanguageSheet open={open} onClose={() => setOpen(false)} onChoose={(code) => void choose(code)} />
        </LazyBoundary>
      )}
    </>
  );
});
