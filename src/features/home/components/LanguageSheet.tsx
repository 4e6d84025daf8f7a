import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { session } from '../../../lib/session.ts';
import { langStore } from '../stores/lang-store.ts';
import styles from './home.module.css';

export interface LanguageSheetProps {
  open: boolean;
  onClose(): void;
  onChoose(code: string): void;
}

/** The bottom sheet of languages (getLangList) the header's language button opens. */
export function LanguageSheet({ open, onClose, onChoose }: LanguageSheetProps) {
  const { t } = useTranslation();
  const { languages } = useSnapshot(langStore);
  const { lang } = useSnapshot(session);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('home.language.title')}
      variant="sheet"
      closeLabel={t('common.close')}
      testId="language-sheet"
    >
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
                onClick={() => onChoose(l.file_name)}
                data-testid={`language-${l.file_name}`}
              >
                {l.language_name}
              </button>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
