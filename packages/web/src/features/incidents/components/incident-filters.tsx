import { Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { SEVERITY_LEVELS, type SeverityLevel } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import { ChoiceSelect } from '../../../shared/ui/list-controls';
import { INCIDENTS_NS } from '../incidents-i18n';

export type StateFilter = 'open' | 'all';
export type SeverityFilter = SeverityLevel | 'all';
const SEVERITY_CHOICES: readonly SeverityFilter[] = ['all', ...SEVERITY_LEVELS];

export interface IncidentFilterValues {
  readonly state: StateFilter;
  readonly severity: SeverityFilter;
}

/** Open only or every incident; one severity or all. */
export function IncidentFilters({
  value,
  onChange,
  idPrefix,
}: {
  value: IncidentFilterValues;
  onChange: (value: IncidentFilterValues) => void;
  idPrefix: string;
}) {
  const { t } = useTranslation(INCIDENTS_NS);
  return (
    <Stack
      direction="row"
      role="group"
      aria-label={t('filters.label')}
      spacing={1}
      sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
    >
      <ToggleButtonGroup
        size="small"
        exclusive
        value={value.state}
        aria-label={t('filters.state')}
        onChange={(_e, state: StateFilter | null) => state && onChange({ ...value, state })}
      >
        <ToggleButton value="open">{t('filters.stateOpen')}</ToggleButton>
        <ToggleButton value="all">{t('filters.stateAll')}</ToggleButton>
      </ToggleButtonGroup>
      <ChoiceSelect
        id={`${idPrefix}-severity`}
        label={t('filters.severity')}
        value={value.severity}
        choices={SEVERITY_CHOICES}
        choiceLabel={(s) => (s === 'all' ? t('filters.severityAll') : t(`severity.${s}`))}
        onChange={(severity) => onChange({ ...value, severity })}
        style={{ minWidth: 160 }}
      />
    </Stack>
  );
}
