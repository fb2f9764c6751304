import { FormControl, InputAdornment, InputLabel, MenuItem, Select, Stack, TextField } from '@mui/material';
import { AMP_SORT_KEYS, SORT_ORDERS, type AmpSortKey, type SortOrder } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { SearchIcon } from '../../../shared/ui/icons';
import { orderChosen, searchChanged, selectAmpListQuery, sortKeyChosen } from '../store/amp-list-slice';

const isSortKey = (v: string): v is AmpSortKey => (AMP_SORT_KEYS as readonly string[]).includes(v);
const isOrder = (v: string): v is SortOrder => (SORT_ORDERS as readonly string[]).includes(v);

/** spec 2 §2: search field, sort-by select (name, faults, IP), order select (ascending, descending). */
export function AmpListToolbar() {
  const { t } = useTranslation('amps');
  const dispatch = useDispatch();
  const { search, sortKey, order } = useSelector(selectAmpListQuery);
  return (
    <Stack spacing={1.5} sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <TextField
        type="search"
        size="small"
        label={t('list.search')}
        value={search}
        onChange={(e) => dispatch(searchChanged(e.target.value))}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Stack direction="row" spacing={1.5}>
        <FormControl size="small" sx={{ flex: 1 }}>
          <InputLabel id="amp-sort-key">{t('list.sortBy')}</InputLabel>
          <Select
            labelId="amp-sort-key"
            label={t('list.sortBy')}
            value={sortKey}
            onChange={(e) => isSortKey(e.target.value) && dispatch(sortKeyChosen(e.target.value))}
          >
            {AMP_SORT_KEYS.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`list.sortKeys.${k}`)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ flex: 1 }}>
          <InputLabel id="amp-sort-order">{t('list.order')}</InputLabel>
          <Select
            labelId="amp-sort-order"
            label={t('list.order')}
            value={order}
            onChange={(e) => isOrder(e.target.value) && dispatch(orderChosen(e.target.value))}
          >
            {SORT_ORDERS.map((o) => (
              <MenuItem key={o} value={o}>
                {t(`list.orders.${o}`)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </Stack>
    </Stack>
  );
}
