/** Writing one field through the tab's `write`; the container reports a failure, so the rejection is dropped here. */
import { splitFieldUrl } from '../../../../device/fields/field-info';
import type { DeviceWrite } from '../../../../device/fields/types';

export function sendField(write: DeviceWrite, url: string, value: unknown): void {
  const { objectUrl, name } = splitFieldUrl(url);
  write(objectUrl, { [name]: value }).catch(() => undefined);
}

export function sendObject(write: DeviceWrite, url: string, params: Record<string, unknown>): void {
  write(url, params).catch(() => undefined);
}
