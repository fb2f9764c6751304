import {
  Button,
  Checkbox,
  FormControl,
  InputLabel,
  ListItemText,
  ListSubheader,
  MenuItem,
  Select,
  Stack,
  TextField,
} from '@mui/material';
import { AMP_AUDIT_KINDS, AUDIT_KINDS, AuditKindSchema, type AuditKind } from '@rackside/protocol';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { membersApi } from '../../members';
import { AUDIT_NS } from '../audit-i18n';

/** What the filter controls hold: the kinds (none: every kind), a person's id ('' everyone), the days ('' none). */
export interface AuditFilterValues {
  readonly kinds: readonly AuditKind[];
  readonly actorId: string;
  readonly fromDay: string;
  readonly toDay: string;
}

export const NO_FILTERS: AuditFilterValues = { kinds: [], actorId: '', fromDay: '', toDay: '' };

const AMP_KINDS: readonly AuditKind[] = AMP_AUDIT_KINDS;
const PEOPLE_KINDS = AUDIT_KINDS.filter((k) => !AMP_KINDS.includes(k));

/** The kinds, grouped into changes by people and amp events, several at once. */
function KindSelect({ value, onChange }: { value: readonly AuditKind[]; onChange: (kinds: AuditKind[]) => void }) {
  const { t } = useTranslation(AUDIT_NS);
  const labelId = useId();
  const item = (kind: AuditKind) => (
    <MenuItem key={kind} value={kind} dense>
      <Checkbox checked={value.includes(kind)} size="small" sx={{ p: 0.5, mr: 1 }} tabIndex={-1} />
      <ListItemText primary={t(`kinds.${kind}`)} />
    </MenuItem>
  );
  const summary = (kinds: readonly AuditKind[]) => {
    const [first] = kinds;
    if (first === undefined) return t('filters.kindAll');
    const firstText = t(`kinds.${first}`);
    return kinds.length === 1 ? firstText : t('filters.kindSome', { first: firstText, more: kinds.length - 1 });
  };
  return (
    <FormControl size="small" sx={{ minWidth: 220, maxWidth: 320 }}>
      <InputLabel id={labelId} shrink>
        {t('filters.kind')}
      </InputLabel>
      <Select<AuditKind[]>
        labelId={labelId}
        label={t('filters.kind')}
        multiple
        displayEmpty
        notched
        value={[...value]}
        renderValue={summary}
        onChange={(e) => {
          const next = typeof e.target.value === 'string' ? e.target.value.split(',') : e.target.value;
          onChange(next.flatMap((k) => (AuditKindSchema.safeParse(k).success ? [k as AuditKind] : [])));
        }}
      >
        <ListSubheader>{t('filters.people')}</ListSubheader>
        {PEOPLE_KINDS.map(item)}
        <ListSubheader>{t('filters.amps')}</ListSubheader>
        {AMP_KINDS.map(item)}
      </Select>
    </FormControl>
  );
}

/** The organisation's members to choose from (their list; only "Everyone" while it loads or if it fails). */
function PersonSelect({ value, onChange }: { value: string; onChange: (actorId: string) => void }) {
  const { t } = useTranslation(AUDIT_NS);
  const labelId = useId();
  const { data: members = [] } = membersApi.useGetMembersQuery();
  // a chosen person stays offered while the list loads
  const known = value === '' || members.some((m) => m.userId === value);
  return (
    <FormControl size="small" sx={{ minWidth: 200, maxWidth: 320 }}>
      <InputLabel id={labelId} shrink>
        {t('filters.person')}
      </InputLabel>
      <Select<string>
        labelId={labelId}
        label={t('filters.person')}
        notched
        value={known ? value : ''}
        displayEmpty
        renderValue={(id) => (id === '' ? t('filters.personAll') : (members.find((m) => m.userId === id)?.email ?? id))}
        onChange={(e) => onChange(e.target.value)}
      >
        <MenuItem value="">{t('filters.personAll')}</MenuItem>
        {members.map((m) => (
          <MenuItem key={m.userId} value={m.userId}>
            {m.email}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/** The timeline's filters: kinds, person, first and last day; Clear filters when any is set. */
export function AuditFilters({
  value,
  onChange,
  invalidDates,
}: {
  value: AuditFilterValues;
  onChange: (value: AuditFilterValues) => void;
  invalidDates: boolean;
}) {
  const { t } = useTranslation(AUDIT_NS);
  const filtered = value.kinds.length > 0 || value.actorId !== '' || value.fromDay !== '' || value.toDay !== '';
  return (
    <Stack
      direction="row"
      role="group"
      aria-label={t('filters.label')}
      spacing={1}
      useFlexGap
      sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <KindSelect value={value.kinds} onChange={(kinds) => onChange({ ...value, kinds })} />
      <PersonSelect value={value.actorId} onChange={(actorId) => onChange({ ...value, actorId })} />
      <TextField
        type="date"
        size="small"
        label={t('filters.from')}
        value={value.fromDay}
        onChange={(e) => onChange({ ...value, fromDay: e.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: value.toDay || undefined } }}
      />
      <TextField
        type="date"
        size="small"
        label={t('filters.to')}
        value={value.toDay}
        onChange={(e) => onChange({ ...value, toDay: e.target.value })}
        error={invalidDates}
        helperText={invalidDates ? t('filters.toBeforeFrom') : undefined}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: value.fromDay || undefined } }}
      />
      {filtered ? (
        <Button size="small" onClick={() => onChange(NO_FILTERS)} sx={{ alignSelf: 'center' }}>
          {t('filters.clear')}
        </Button>
      ) : null}
    </Stack>
  );
}
