import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { PasswordField } from '../../../components/ui/PasswordField.tsx';
import { SecondStepField } from '../../../components/ui/SecondStepField.tsx';
import type { ApiResult } from '../../../lib/api-client.ts';
import { goBack } from '../../../lib/navigation.ts';
import { useApproval, type SecondStepProof } from '../../../lib/use-approval.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { isValid, type FieldErrors } from '../../../lib/validation.ts';
import styles from './account.module.css';

/** One password input of the form: its value key, the form name sent to the browser, and i18n keys. */
export interface PasswordInputSpec<F extends string> {
  field: F;
  name: string;
  labelKey: string;
  placeholderKey: string;
  autoComplete: 'current-password' | 'new-password';
}

/** A password change approves the operation alone: passwords are never sent to be kept in an approval. */
const NO_FIELDS = {};

interface PasswordChangeFormProps<F extends string> {
  titleKey: string;
  /** What the second step approves, when the account has one. */
  operation: 'login_password' | 'pay_password';
  inputs: readonly PasswordInputSpec<F>[];
  validate(values: Record<F, string>): FieldErrors<F>;
  submit(values: Record<F, string>, proof: SecondStepProof): Promise<ApiResult<unknown>>;
  /** Runs after the server accepted the change (reload, navigate …). */
  onSuccess(result: { msg: string }): void | Promise<void>;
}

/**
 * The shared screen of the login- and transaction-password changes: validate, submit once, then hand
 * over. With a second factor on, the second step sits in the form, below the passwords.
 */
export function PasswordChangeForm<F extends string>({
  titleKey,
  operation,
  inputs,
  validate,
  submit,
  onSuccess,
}: PasswordChangeFormProps<F>) {
  const { t } = useTranslation();
  const [values, setValues] = useState(() => Object.fromEntries(inputs.map((i) => [i.field, ''])) as Record<F, string>);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const submitter = useSubmit();
  const busy = submitter.busy !== null;
  const approval = useApproval({
    submit: submitter,
    key: 'change',
    operation,
    fields: NO_FIELDS,
    // The button stays busy until the hand-over (a reload, a navigation) has run.
    call: async (proof) => {
      const result = await submit(values, proof);
      if (result.ok) await onSuccess(result);
      return result;
    },
    onDone: () => {},
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (!isValid(found) || busy) return;
    await approval.confirm();
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t(titleKey)} backLabel={t('common.back')} onBack={() => goBack('/security')} />
      <form className={styles.content} onSubmit={onSubmit} noValidate>
        {inputs.map((input) => {
          const error = errors[input.field];
          return (
            <PasswordField
              key={input.field}
              label={t(input.labelKey)}
              placeholder={t(input.placeholderKey)}
              showLabel={t('account.password.show')}
              name={input.name}
              autoComplete={input.autoComplete}
              value={values[input.field]}
              onChange={(e) => setValues((v) => ({ ...v, [input.field]: e.target.value }))}
              error={error ? t(error) : null}
            />
          );
        })}
        {approval.field && (
          <div className={styles.passwordSecondStep}>
            <SecondStepField {...approval.field} />
          </div>
        )}
        <Button type="submit" block busy={busy} disabled={!approval.ready}>
          {t('common.confirm')}
        </Button>
      </form>
    </div>
  );
}
