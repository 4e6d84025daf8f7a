import { useId, type ChangeEvent } from 'react';
import type { UploadSlotState } from '../../lib/upload-slot-state.ts';
import type { UploadSlotTexts } from '../../lib/use-upload-slot.ts';
import { Button } from './Button.tsx';
import { IconCamera, IconCheck } from './icons.tsx';
import sweep from './sweep.module.css';
import styles from './upload-slot.module.css';
import visuallyHidden from './visually-hidden.module.css';

export interface UploadSlotProps {
  /** What the slot is for, e.g. "Front of ID"; it names the file input. */
  label: string;
  /** A line under the label: what a good photo shows. */
  hint?: string;
  state: UploadSlotState;
  texts: UploadSlotTexts;
  onPick(file: File): void;
  onRetry(): void;
}

/**
 * One image upload (docs/product-rules.md#uploads): a frame that opens the camera or the gallery
 * (`accept="image/*"`), then shows the image with its state: a progress bar while uploading, a
 * badge when done, the reason and a retry button when failed. Tapping the image replaces it. The
 * state is announced to screen readers; logic and texts come from useUploadSlot (lib/).
 */
export function UploadSlot({ label, hint, state, texts, onPick, onRetry }: UploadSlotProps) {
  const id = useId();
  const preview = state.status === 'empty' ? null : state.preview;
  const statusText = { empty: '', uploading: texts.uploading, done: texts.done, failed: texts.failed }[state.status];
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    // Cleared so that choosing the same file again is still a change.
    event.currentTarget.value = '';
    if (file) onPick(file);
  };
  return (
    <div className={[styles.slot, styles[state.status]].join(' ')} data-testid="upload-slot" data-status={state.status}>
      <span id={`${id}-label`} className={styles.label}>
        {label}
      </span>
      {hint && <span className={styles.hint}>{hint}</span>}
      <label className={styles.frame}>
        <input
          type="file"
          accept="image/*"
          className={styles.input}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-action ${id}-status`}
          onChange={pick}
        />
        {preview ? (
          <img className={styles.preview} src={preview} alt="" />
        ) : (
          <IconCamera size={32} className={styles.camera} />
        )}
        <span id={`${id}-action`} className={preview ? styles.replace : styles.choose}>
          {preview ? texts.replace : texts.choose}
        </span>
        {state.status === 'done' && (
          <span className={styles.badge}>
            <IconCheck size={16} />
            {texts.done}
          </span>
        )}
        {state.status === 'uploading' && <Progress fraction={state.progress} texts={texts} />}
      </label>
      {state.status === 'failed' && (
        <div className={styles.problem}>
          <span role="alert">{state.message}</span>
          {state.canRetry && (
            <Button variant="secondary" className={styles.retry} onClick={onRetry}>
              {texts.retry}
            </Button>
          )}
        </div>
      )}
      <span id={`${id}-status`} role="status" className={visuallyHidden.hidden}>
        {statusText}
      </span>
    </div>
  );
}

/** The bar over the image's foot: indeterminate while the image is prepared, then the share sent. */
function Progress({ fraction, texts }: { fraction: number | null; texts: UploadSlotTexts }) {
  const percent = fraction === null ? null : Math.round(fraction * 100);
  return (
    <span className={styles.progress}>
      <span
        className={[styles.bar, percent === null ? styles.indeterminate : ''].join(' ')}
        role="progressbar"
        aria-label={texts.progress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
      >
        {percent === null ? (
          <span className={`${styles.fill} ${sweep.sweep}`} />
        ) : (
          <span className={styles.fill} style={{ width: `${percent}%` }} />
        )}
      </span>
      <span className={styles.progressText} aria-hidden="true">
        {texts.uploading}
        {fraction !== null && <span className={styles.percent}>{texts.percent(fraction)}</span>}
      </span>
    </span>
  );
}
