/** A string field as a text input that commits on Enter or blur (spec 2 §5), UAC from its URL. */
import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { isUacHidden, isUacReadonly } from '@rackside/protocol';
import { LockedField } from '../../../../shared/ui/value-slider-lock';
import { splitFieldUrl, valueAt } from '../../../../device/fields/field-info';
import { useChannelsText } from '../../i18n';
import type { FieldContext } from '../../../../device/fields/types';
import { levelOf } from './access';
import { sendField } from './send';

export function FieldText({ ctx, url, label }: { ctx: FieldContext; url: string; label?: string }) {
  const { field } = useChannelsText();
  const schema = ctx.info(url);
  const raw = valueAt(ctx.state, url);
  const deviceValue = typeof raw === 'string' ? raw : '';
  const [draft, setDraft] = useState<string | undefined>(undefined);
  if (schema?.type !== 'string') return null;
  const text = label ?? field(splitFieldUrl(url).name);
  const level = levelOf(ctx.access, url);
  if (isUacHidden(level)) return <LockedField label={text} />;

  const commit = () => {
    if (draft !== undefined && draft !== deviceValue) sendField(ctx.write, url, draft);
    setDraft(undefined);
  };
  return (
    <TextField
      size="small"
      label={text}
      value={draft ?? deviceValue}
      disabled={isUacReadonly(level) || schema.readOnly === true}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
        if (e.key === 'Escape') setDraft(undefined);
      }}
      slotProps={{ htmlInput: { maxLength: schema.maxLength } }}
    />
  );
}
