import { Stack } from '@mui/material';
import { AMP_SORT_KEYS, SORT_ORDERS } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { ChoiceSelect, SearchField } from '../../../shared/ui/list-controls';
import { orderChosen, searchChanged, selectAmpListQuery, sortKeyChosen } from '../store/amp-list-slice';

/** spec 2 §2: search field, sort-by select (name, faults, IP), order select (ascending, descending). */
export function AmpListToolbar() {
  const { t } = useTranslation('amps');
  const dispatch = useDispatch();
  const { search, sortKey, order } = useSelector(selectAmpListQuery);
  return (
    <Stack spacing={1.5} sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <SearchField label={t('list.search')} value={search} onChange={(v) => dispatch(searchChanged(v))} />
      <Stack direction="row" spacing={1.5}>
        <ChoiceSelect
          id="amp-sort-key"
          label={t('list.sortBy')}
          value={sortKey}
          choices={AMP_SORT_KEYS}
          choiceLabel={(k) => t(`list.sortKeys.${k}`)}
          onChange={(k) => dispatch(sortKeyChosen(k))}
          sx={{ flex: 1 }}
        />
        <ChoiceSelect
          id="amp-sort-order"
          label={t('list.order')}
          value={order}
          choices={SORT_ORDERS}
          choiceLabel={(o) => t(`list.orders.${o}`)}
          onChange={(o) => dispatch(orderChosen(o))}
          sx={{ flex: 1 }}
        />
      </Stack>
    </Stack>
  );
}
