/**
 * One field of the network form (react-hook-form context): its binding, and its error once the user left the field
 * or tried to save (spec 2 §5: a field is not refused while the user is still typing its first value).
 */
import { useController, type ControllerRenderProps, type FieldPath, type RefCallBack } from 'react-hook-form';
import { AP_PASSWORD_MIN_LENGTH } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import type { NetworkError, NetworkValues } from '../network-form';
import { NETWORK_NS } from '../network-i18n';

/** The fields whose rules read other fields (spec 2 §5): a change re-checks them. */
const DEPS: Partial<Record<FieldPath<NetworkValues>, FieldPath<NetworkValues>[]>> = {
  ethDhcp: ['ethIp', 'ethGateway'],
  wifiEnable: ['wifiIp', 'wifiGateway'],
  wifiDhcp: ['wifiIp', 'wifiGateway'],
};

export function useNetworkField<K extends FieldPath<NetworkValues>>(name: K) {
  const { t } = useTranslation(NETWORK_NS);
  const deps = DEPS[name];
  const { field, fieldState, formState } = useController<NetworkValues, K>({
    name,
    ...(deps ? { rules: { deps } } : {}),
  });
  // a Save refused for invalid fields shows every error; a successful one (or Reset) goes back to per-field
  const attempted = formState.isSubmitted && !formState.isSubmitSuccessful;
  const error = fieldState.error?.message as NetworkError | undefined;
  const shown = error !== undefined && (fieldState.isTouched || attempted);
  const message = !shown
    ? undefined
    : error === 'apPassword'
      ? t('errors.apPassword', { min: AP_PASSWORD_MIN_LENGTH })
      : t(`errors.${error}`);
  return { field, error: message };
}

/** A text field's binding as TextField props (the ref goes to the input, which react-hook-form focuses on an error). */
type TextProps<K extends FieldPath<NetworkValues>> = Pick<
  ControllerRenderProps<NetworkValues, K>,
  'name' | 'value' | 'onChange' | 'onBlur'
> & { inputRef: RefCallBack };

export function textProps<K extends FieldPath<NetworkValues>>(
  field: ControllerRenderProps<NetworkValues, K>,
): TextProps<K> {
  const { ref, name, value, onChange, onBlur } = field;
  return { inputRef: ref, name, value, onChange, onBlur };
}
