/**
 * A string field as a text input that commits on Enter or blur (spec 2 §5), UAC from its URL. The amp's maxLength
 * shows as a live counter; a draft that is too long (or empty when `required`) is refused with a message and kept for
 * the user to fix, never cut or sent (issue 18).
 */
import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { isUacHidden, isUacReadonly } from '@rackside/protocol';
import { TextLimitHelper, textProblem } from '../../../../shared/ui/text-limit';
import { LockedField, WithReadonlyPadlock } from '../../../../shared/ui/value-slider-lock';
import { splitFieldUrl, valueAt } from '../../../../device/fields/field-info';
import { useChannelsText } from '../../i18n';
import type { FieldContext } from '../../../../device/fields/types';
import { levelOf } from './access';
import { sendField } from './send';

export interface FieldTextProps {
  ctx: FieldContext;
  url: string;
  label?: string | undefined;
  /** An empty value is refused (a channel's name). */
  required?: boolean | undefined;
}

export function FieldText({ ctx, url, label, required = false }: FieldTextProps) {
  const { t, field } = useChannelsText();
  const schema = ctx.info(url);
  const raw = valueAt(ctx.state, url);
  const deviceValue = typeof raw === 'string' ? raw : '';
  const [draft, setDraft] = useState<string | undefined>(undefined);
  if (schema?.type !== 'string') return null;
  const text = label ?? field(splitFieldUrl(url).name);
  const level = levelOf(ctx.access, url);
  if (isUacHidden(level)) return <LockedField label={text} />;

  const { maxLength } = schema;
  const shown = draft ?? deviceValue;
  const problem = draft === undefined ? undefined : textProblem(draft, maxLength, required);
  const commit = () => {
    if (draft === undefined || problem !== undefined) return; // refused: the draft and its message stay
    if (draft !== deviceValue) sendField(ctx.write, url, draft);
    setDraft(undefined);
  };
  const message =
    problem === 'tooLong'
      ? t('settings.nameTooLong', { max: maxLength })
      : problem === 'empty'
        ? t('settings.nameEmpty')
        : undefined;
  const counter =
    maxLength === undefined ? undefined : t('settings.nameCounter', { length: shown.length, max: maxLength });
  return (
    <WithReadonlyPadlock readonly={isUacReadonly(level)} block>
      <TextField
        size="small"
        label={text}
        value={shown}
        disabled={isUacReadonly(level) || schema.readOnly === true}
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
        slotProps={{ htmlInput: { 'aria-required': required || undefined } }}
      />
    </WithReadonlyPadlock>
  );
}
