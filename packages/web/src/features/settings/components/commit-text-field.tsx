/**
 * A text input that commits on Enter or blur (spec 2 §5) and reverts on Escape; UAC Locked shows the padlock, Readonly
 * disables (spec 2 §6). `type="date"` edits the date part of an ISO date-time. Text fields show the amp's maxLength as
 * a live counter; a draft that is too long (or empty where a name is required) is refused with a message and kept for
 * the user to fix, never cut or sent (issue 18).
 */
import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { isUacHidden, isUacReadonly, type UacLevel } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import { TextLimitHelper, textProblem } from '../../../shared/ui/text-limit';
import { LockedField, WithReadonlyPadlock } from '../../../shared/ui/value-slider-lock';
import { SETTINGS_NS } from '../settings-i18n';

export interface CommitTextFieldProps {
  label: string;
  /** The amp's value. */
  value: string;
  level: UacLevel;
  maxLength?: number | undefined;
  /** An empty value is refused (the device name). */
  required?: boolean | undefined;
  type?: 'text' | 'date';
  onCommit: (value: string) => void;
}

const ISO_DATE = /^(\d{4}-\d{2}-\d{2})/;

/** The date an ISO date-time names ('2024-05-01T00:00:00.000Z' → '2024-05-01'); '' when it names none. */
export const datePart = (iso: string): string => ISO_DATE.exec(iso)?.[1] ?? '';

/** A picked date as the ISO date-time the amp stores (midnight UTC, so the date reads the same everywhere). */
export const isoDateTime = (date: string): string => (date === '' ? '' : `${date}T00:00:00.000Z`);

export function CommitTextField(props: CommitTextFieldProps) {
  const { label, value, level, type = 'text', onCommit } = props;
  const { t } = useTranslation(SETTINGS_NS);
  const shown = type === 'date' ? datePart(value) : value;
  const [draft, setDraft] = useState<string | undefined>(undefined);
  if (isUacHidden(level)) return <LockedField label={label} />;

  // a date's maxLength bounds the stored ISO text, not what the user types
  const maxLength = type === 'text' ? props.maxLength : undefined;
  const text = draft ?? shown;
  const problem = draft === undefined ? undefined : textProblem(draft, maxLength, props.required === true);
  const commit = () => {
    if (draft === undefined || problem !== undefined) return; // refused: the draft and its message stay
    if (draft !== shown) onCommit(type === 'date' ? isoDateTime(draft) : draft);
    setDraft(undefined);
  };
  const message =
    problem === 'tooLong' ? t('info.tooLong', { max: maxLength }) : problem === 'empty' ? t('info.empty') : undefined;
  const counter = maxLength === undefined ? undefined : t('info.counter', { length: text.length, max: maxLength });
  return (
    <WithReadonlyPadlock readonly={isUacReadonly(level)} block>
      <TextField
        size="small"
        type={type}
        label={label}
        value={text}
        disabled={isUacReadonly(level)}
        error={problem !== undefined}
        helperText={
          counter !== undefined || message !== undefined ? (
            <TextLimitHelper message={message} counter={counter} />
          ) : undefined
        }
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
          if (e.key === 'Escape') setDraft(undefined);
        }}
        slotProps={{
          htmlInput: { 'aria-required': props.required === true || undefined },
          ...(type === 'date' ? { inputLabel: { shrink: true } } : {}),
        }}
      />
    </WithReadonlyPadlock>
  );
}
