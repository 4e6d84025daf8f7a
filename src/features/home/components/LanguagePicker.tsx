import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { IconGlobe } from '../../../components/ui/icons.tsx';
import { session } from '../../../lib/session.ts';
import { chooseLanguage, langStore, loadLanguages } from '../stores/lang-store.ts';
import styles from './home.module.css';

/** The header's language button and its bottom sheet of languages (getLangList + setLang). */
export function LanguagePicker() {
  const { t } = useTranslation();
  const { languages } = useSnapshot(langStore);
  const { lang } = useSnapshot(session);
  const [open, setOpen] = useState(false);
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
      <Dialog open={open} onClose={() => setOpen(false)} title={t('home.language.title')} variant="sheet" closeLabel={t('common.close')} testId="language-sheet">
        <ul className={styles.langList}>
          {languages.map((l) => {
            const selected = l.file_name.toLowerCase() === lang.toLowerCase();
            return (
              <li key={l.file_name}>
                <button
                  type="button"
                  className={styles.langOption}
                  aria-current={selected ? 'true' : undefined}
                  lang={l.file_name}
                  onClick={() => void choose(l.file_name)}
                  data-testid={`language-${l.file_name}`}
                >
                  {l.language_name}
                </button>
              </li>
            );
          })}
        </ul>
      </Dialog>
    </>
  );
}
