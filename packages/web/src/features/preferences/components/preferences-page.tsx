import {
  FormControl,
  FormControlLabel,
  InputLabel,
  MenuItem,
  Paper,
  Select,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { DELAY_UNITS, LANGUAGES, isDelayUnit } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import {
  darkModeSet,
  delayUnitsChosen,
  isLanguage,
  languageChosen,
  selectDarkMode,
  selectDelayUnits,
  selectLanguagePreference,
} from '../store/preferences-slice';

const AUTO = 'auto';

/** spec 1 §2 Preferences: language (default = the browser's), dark mode, delay units; all remembered. */
export function PreferencesPage() {
  const { t } = useTranslation('preferences');
  const dispatch = useDispatch();
  const language = useSelector(selectLanguagePreference);
  const darkMode = useSelector(selectDarkMode);
  const delayUnits = useSelector(selectDelayUnits);
  return (
    <Stack sx={{ p: { xs: 2, sm: 3 }, alignItems: 'center', overflow: 'auto' }}>
      <Paper sx={{ p: 3, width: '100%', maxWidth: 520 }}>
        <Typography variant="h5" component="h1" sx={{ mb: 3 }}>
          {t('title')}
        </Typography>
        <Stack spacing={3}>
          <FormControl fullWidth>
            <InputLabel id="preferences-language">{t('language')}</InputLabel>
            <Select
              labelId="preferences-language"
              label={t('language')}
              value={language ?? AUTO}
              onChange={(e) => dispatch(languageChosen(isLanguage(e.target.value) ? e.target.value : null))}
            >
              <MenuItem value={AUTO}>{t('languages.auto')}</MenuItem>
              {LANGUAGES.map((l) => (
                <MenuItem key={l} value={l} lang={l}>
                  {t(`languages.${l}`)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControlLabel
            control={<Switch checked={darkMode} onChange={(e) => dispatch(darkModeSet(e.target.checked))} />}
            label={t('darkMode')}
          />
          <FormControl fullWidth>
            <InputLabel id="preferences-delay-units">{t('delayUnits')}</InputLabel>
            <Select
              labelId="preferences-delay-units"
              label={t('delayUnits')}
              value={delayUnits}
              onChange={(e) => isDelayUnit(e.target.value) && dispatch(delayUnitsChosen(e.target.value))}
            >
              {DELAY_UNITS.map((u) => (
                <MenuItem key={u} value={u}>
                  {t(`units.${u}`)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        </Stack>
      </Paper>
    </Stack>
  );
}
