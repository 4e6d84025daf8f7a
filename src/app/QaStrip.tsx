import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { engineStream, exportEngineRecording, replayOutcome$, type enginePageFlags } from '../lib/engine-client.ts';
import { showToast } from '../lib/toast.ts';
import { useObservable } from '../lib/use-observable.ts';
import styles from './qa-bar.module.css';

/** Offers the engine's recording as a file, named by the time it was saved. */
function downloadText(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-ndjson' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The click starts the download synchronously; the URL can go on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function RecordingControl() {
  const { t } = useTranslation();
  const status = useObservable(engineStream({ kind: 'feedStatus' }), null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      const text = await exportEngineRecording();
      downloadText(text, `market-session-${new Date().toISOString().replace(/[:.]/g, '-')}.ndjson`);
    } catch (error) {
      console.error('[qa] recording export failed:', error);
      showToast(t('qa.saveFailed'), 'error');
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <span className={styles.rec}>
        <span aria-hidden="true">● </span>
        {t('qa.recording')}
      </span>
      <span data-testid="qa-frames">{t('qa.frames', { count: status?.frames ?? 0 })}</span>
      <button type="button" className={styles.button} onClick={() => void save()} disabled={saving}>
        {t('qa.save')}
      </button>
    </>
  );
}

function ReplayState({ speed }: { speed: number }) {
  const { t } = useTranslation();
  const outcome = useObservable(replayOutcome$, null);
  if (outcome !== null && typeof outcome === 'object') {
    return (
      <span className={styles.failed} role="alert">
        {t('qa.replayFailed', { reason: outcome.failed })}
      </span>
    );
  }
  return <span>{t('qa.replay', { speed })}</span>;
}

/** The QA line of the shell's top strip (TopStrip.tsx places it and publishes its height). */
export function QaStrip({ flags }: { flags: ReturnType<typeof enginePageFlags> }) {
  const { t } = useTranslation();
  return (
    <aside className={styles.bar} aria-label={t('qa.label')} data-testid="qa-bar">
      {flags.replay && <ReplayState speed={flags.speed} />}
      {flags.mainThread && <span>{t('qa.mainThread')}</span>}
      {flags.record && <RecordingControl />}
    </aside>
  );
}
