/**
 * The network form's rules (spec 2 §4, §5, §7): the form's values read from the amp, what the user changed, what is
 * invalid (as the zod schema react-hook-form validates with), and the three `set` payloads (wifi without mac and
 * signalStrength, apConfig without active).
 */
import { z } from 'zod';
import {
  AP_PASSWORD_MIN_LENGTH,
  isValidIpv4,
  parseIpField,
  subnetMaskToCidr,
  type DeviceDelta,
} from '@rackside/protocol';

type NetworkDelta = NonNullable<DeviceDelta['network']>;

/** The editable values, flat. IP fields hold the address with its subnet as CIDR ('192.168.1.20/24'). */
export const NetworkValuesSchema = z.object({
  ethDhcp: z.boolean(),
  ethIp: z.string(),
  ethGateway: z.string(),
  /** spec 2 §3 ethernet dot1x fields: 802.1X on (models with 802.1X); its settings are on the 802.1X page. */
  ethDot1xEnable: z.boolean(),
  wifiEnable: z.boolean(),
  wifiSsid: z.string(),
  wifiPassword: z.string(),
  wifiDhcp: z.boolean(),
  wifiIp: z.string(),
  wifiGateway: z.string(),
  apPassword: z.string(),
  apButtonEnable: z.boolean(),
});
export type NetworkValues = Readonly<z.infer<typeof NetworkValuesSchema>>;
export type NetworkField = keyof NetworkValues;
export type NetworkEdits = Partial<NetworkValues>;

/** The reasons a field is refused (keys of the network namespace's `errors`). */
export type NetworkError = 'ip' | 'gateway' | 'apPassword';

/** spec 2 §5: an address and its mask as the IP field shows them ('192.168.1.20' + '255.255.255.0' → '…/24'). */
export function ipWithCidr(ip: string | undefined, mask: string | undefined): string {
  if (!ip) return '';
  if (ip.includes('/')) return ip;
  const prefix = mask ? subnetMaskToCidr(mask) : null;
  return prefix === null ? ip : `${ip}/${prefix}`;
}

/** The form's values as the amp has them (what an unedited form shows). */
export function valuesFromDevice(network: NetworkDelta | undefined): NetworkValues {
  const eth = network?.ethernet;
  const wifi = network?.wifi;
  const ap = network?.apConfig;
  return {
    ethDhcp: eth?.dhcp ?? true,
    ethIp: ipWithCidr(eth?.ip, eth?.subnetMask),
    ethGateway: eth?.gateway ?? '',
    ethDot1xEnable: eth?.dot1xEnable ?? false,
    wifiEnable: wifi?.enable ?? false,
    wifiSsid: wifi?.ssid ?? '',
    wifiPassword: wifi?.password ?? '',
    wifiDhcp: wifi?.dhcp ?? true,
    wifiIp: ipWithCidr(wifi?.ip, wifi?.subnetMask),
    wifiGateway: wifi?.gateway ?? '',
    apPassword: ap?.password ?? '',
    apButtonEnable: ap?.buttonEnable ?? true,
  };
}

/** The fields whose edited value differs from the amp's. */
export const changedFields = (device: NetworkValues, edits: NetworkEdits): NetworkField[] =>
  (Object.keys(edits) as NetworkField[]).filter((k) => edits[k] !== undefined && edits[k] !== device[k]);

/**
 * spec 2 §5: what the form refuses. An IP field must parse (CIDR allowed) and a gateway must be IPv4 or empty, while
 * DHCP is off and the user changed the address or turned DHCP off (Wi-Fi only while enabled); the AP password, once
 * changed, needs AP_PASSWORD_MIN_LENGTH characters.
 */
export function networkErrors(
  device: NetworkValues,
  values: NetworkValues,
  hasWifi: boolean,
): Partial<Record<NetworkField, NetworkError>> {
  const errors: Partial<Record<NetworkField, NetworkError>> = {};
  const touched = (k: NetworkField) => values[k] !== device[k];
  const address = (dhcp: NetworkField, ip: NetworkField, gateway: NetworkField) => {
    if (values[dhcp] === true) return;
    const ipText = String(values[ip]);
    const gatewayText = String(values[gateway]).trim();
    if ((touched(ip) || touched(dhcp)) && parseIpField(ipText) === null) errors[ip] = 'ip';
    if ((touched(gateway) || touched(dhcp)) && gatewayText !== '' && !isValidIpv4(gatewayText))
      errors[gateway] = 'gateway';
  };
  address('ethDhcp', 'ethIp', 'ethGateway');
  if (hasWifi && values.wifiEnable) address('wifiDhcp', 'wifiIp', 'wifiGateway');
  if (touched('apPassword') && values.apPassword.length < AP_PASSWORD_MIN_LENGTH) errors.apPassword = 'apPassword';
  return errors;
}

/**
 * The form's schema for react-hook-form: the refusals of `networkErrors` against the amp's values, each an issue on
 * its field whose message is the NetworkError.
 */
export function networkFormSchema(device: NetworkValues, hasWifi: boolean) {
  return NetworkValuesSchema.superRefine((values, ctx) => {
    for (const [field, error] of Object.entries(networkErrors(device, values, hasWifi)))
      ctx.addIssue({ code: 'custom', path: [field], message: error });
  });
}

/** `ip` (and `subnetMask` when the field gave a CIDR) of an IP field; the amp's own address when it does not parse. */
function addressParams(text: string, deviceIp: string | undefined): { ip: string; subnetMask?: string } {
  const parsed = parseIpField(text);
  if (!parsed) return { ip: deviceIp ?? '' };
  return parsed.subnetMask ? { ip: parsed.ip, subnetMask: parsed.subnetMask } : { ip: parsed.ip };
}

/** What the model has (spec 2 §5: no Wi-Fi on N_G/D_G; 802.1X by model). */
export interface NetworkCaps {
  readonly wifi: boolean;
  readonly dot1x: boolean;
}

/** The `set` calls of a Save (spec 2 §4/§7): ethernet, Wi-Fi (models with Wi-Fi) and AP config, all three. */
export interface NetworkPayloads {
  readonly ethernet: Record<string, unknown>;
  readonly wifi?: Record<string, unknown>;
  readonly apConfig: Record<string, unknown>;
}

export function networkPayloads(
  values: NetworkValues,
  network: NetworkDelta | undefined,
  caps: NetworkCaps,
): NetworkPayloads {
  const ethernet = {
    dhcp: values.ethDhcp,
    ...addressParams(values.ethIp, network?.ethernet?.ip),
    gateway: values.ethGateway.trim(),
    ...(caps.dot1x ? { dot1xEnable: values.ethDot1xEnable } : {}),
  };
  const apConfig = { password: values.apPassword, buttonEnable: values.apButtonEnable };
  if (!caps.wifi) return { ethernet, apConfig };
  const wifi = {
    enable: values.wifiEnable,
    ssid: values.wifiSsid,
    password: values.wifiPassword,
    dhcp: values.wifiDhcp,
    ...addressParams(values.wifiIp, network?.wifi?.ip),
    gateway: values.wifiGateway.trim(),
  };
  return { ethernet, wifi, apConfig };
}
