/** Field-level validation results: field name → i18n key of the first broken rule (docs/architecture.md#conventions). */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** True when no field has an error. */
export function isValid<K extends string>(errors: FieldErrors<K>): boolean {
  return Object.values(errors).every((v) => !v);
}
