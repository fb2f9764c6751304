import { Checkbox, ListItemText, MenuItem, TextField } from '@mui/material';
import type { Venue } from '@rackside/protocol';
import { useGrantsText } from '../grants-i18n';

const ALL = '*';

export interface VenuePickerProps {
  readonly label: string;
  readonly venues: readonly Venue[];
  /** The chosen venue ids; null: every venue (only when `allowAll`). */
  readonly value: readonly string[] | null;
  readonly onChange: (value: string[] | null) => void;
  /** Offer "All venues" (a member's role); an integrator's grant always names venues. */
  readonly allowAll?: boolean;
  readonly error?: string;
  readonly size?: 'small' | 'medium';
}

/**
 * The venues a role is narrowed to (issue 21): a multiple choice of the organisation's venues, with "All venues" first
 * when a role may reach every venue; choosing it clears the others, choosing a venue clears it.
 */
export function VenuePicker({ label, venues, value, onChange, allowAll = false, error, size }: VenuePickerProps) {
  const { t } = useGrantsText();
  const selected = value === null ? [ALL] : [...value];
  const nameOf = (id: string) => (id === ALL ? t('venues.all') : (venues.find((v) => v.venueId === id)?.name ?? id));
  const handle = (next: string[]) => {
    const added = next.find((id) => !selected.includes(id));
    if (added === ALL) onChange(null);
    else {
      const ids = next.filter((id) => id !== ALL);
      onChange(ids.length === 0 && allowAll ? null : ids);
    }
  };
  return (
    <TextField
      select
      size={size}
      label={label}
      value={selected}
      error={error !== undefined}
      helperText={error}
      onChange={(e) => handle(e.target.value as unknown as string[])}
      slotProps={{ select: { multiple: true, renderValue: (ids) => (ids as string[]).map(nameOf).join(', ') } }}
      sx={{ minWidth: 200 }}
    >
      {allowAll ? (
        <MenuItem value={ALL}>
          <Checkbox size="small" checked={value === null} />
          <ListItemText primary={t('venues.all')} />
        </MenuItem>
      ) : null}
      {venues.map((v) => (
        <MenuItem key={v.venueId} value={v.venueId}>
          <Checkbox size="small" checked={value?.includes(v.venueId) ?? false} />
          <ListItemText primary={v.name} />
        </MenuItem>
      ))}
    </TextField>
  );
}
