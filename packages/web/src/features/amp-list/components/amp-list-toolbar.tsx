import { AMP_SORT_KEYS, SORT_ORDERS } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { ChoiceSelect, SearchField } from '../../../shared/ui/list-controls';
import { orderChosen, searchChanged, selectAmpListQuery, sortKeyChosen } from '../store/amp-list-slice';
import styles from './amp-list.module.css';

/** spec 2 §2: search field, sort-by select (name, faults, IP), order select (ascending, descending). */
export function AmpListToolbar() {
  const { t } = useTranslation('amps');
  const dispatch = useDispatch();
  const { search, sortKey, order } = useSelector(selectAmpListQuery);
  return (
    <div className={styles.toolbar}>
      <SearchField label={t('list.search')} value={search} onChange={(v) => dispatch(searchChanged(v))} />
      <div className={styles.toolbarRow}>
        <ChoiceSelect
          id="amp-sort-key"
          label={t('list.sortBy')}
          value={sortKey}
          choices={AMP_SORT_KEYS}
          choiceLabel={(k) => t(`list.sortKeys.${k}`)}
          onChange={(k) => dispatch(sortKeyChosen(k))}
        />
        <ChoiceSelect
          id="amp-sort-order"
          label={t('list.order')}
          value={order}
          choices={SORT_ORDERS}
          choiceLabel={(o) => t(`list.orders.${o}`)}
          onChange={(o) => dispatch(orderChosen(o))}
        />
      </div>
    </div>
  );
}
