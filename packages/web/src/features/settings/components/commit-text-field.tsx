/**
 * A text input that commits on Enter or blur (spec 2 §5) and reverts on Escape; UAC Locked shows the padlock, Readonly
 * disables (spec 2 §6). `type="date"` edits the date part of an ISO date-time.
 */
import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { isUacHidden, isUacReadonly, type UacLevel } from '@rackside/protocol';
import { LockedField } from '../../../shared/ui/value-slider-lock';

export interface CommitTextFieldProps {
  label: string;
  /** The amp's value. */
  value: string;
  level: UacLevel;
  maxLength?: number | undefined;
  type?: 'text' | 'date';
  onCommit: (value: string) => void;
}

const ISO_DATE = /^(\d{4}-\d{2}-\d{2})/;

/** The date an ISO date-time names ('2024-05-01T00:00:00.000Z' → '2024-05-01'); '' when it names none. */
export const datePart = (iso: string): string => ISO_DATE.exec(iso)?.[1] ?? '';

/** A picked date as the ISO date-time the amp stores (midnight UTC, so the date reads the same everywhere). */
export const isoDateTime = (date: string): string => (date === '' ? '' : `${date}T00:00:00.000Z`);

export function CommitTextField({ label, value, level, maxLength, type = 'text', onCommit }: CommitTextFieldProps) {
  const shown = type === 'date' ? datePart(value) : value;
  const [draft, setDraft] = useState<string | undefined>(undefined);
  if (isUacHidden(level)) return <LockedField label={label} />;

  const commit = () => {
    if (draft !== undefined && draft !== shown) onCommit(type === 'date' ? isoDateTime(draft) : draft);
    setDraft(undefined);
  };
  return (
    <TextField
      size="small"
      type={type}
      label={label}
      value={draft ?? shown}
      disabled={isUacReadonly(level)}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
        if (e.key === 'Escape') setDraft(undefined);
      }}
      slotProps={{
        htmlInput: { maxLength },
        ...(type === 'date' ? { inputLabel: { shrink: true } } : {}),
      }}
    />
  );
}
