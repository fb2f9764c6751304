/** How an incident reads (issue 15): its condition as words, its times relative and absolute, its duration. */
import type { Incident, IncidentCondition, IncidentConditionType, SeverityLevel } from '@rackside/protocol';
import type { TFunction } from 'i18next';

/** Conditions whose `detail` is the amp's status word, shown after the condition ('Load monitor: Open'). */
const STATUS_WORD: ReadonlySet<IncidentConditionType> = new Set(['loadMonitor', 'pilotTone']);

/** 'Channel 1: output faulted', 'Load monitor: Open', 'Amp offline', an event's own line. */
export function conditionText(t: TFunction<'incidents'>, c: IncidentCondition): string {
  if (c.type === 'event') return c.detail?.trim() || t('condition.event');
  let text = c.channel === undefined ? t(`condition.${c.type}`) : t(`channelCondition.${c.type}`);
  if (STATUS_WORD.has(c.type) && c.detail) text = t('withDetail', { text, detail: c.detail });
  return c.channel === undefined ? text : t('onChannel', { channel: c.channel, text });
}

/** Critical first, then Warning, then Info. */
export const SEVERITY_RANK: Readonly<Record<SeverityLevel, number>> = { Critical: 0, Warning: 1, Info: 2 };

/** Critical and Warning: the incidents the dashboard shows as faults (Info is news, not something wrong). */
export const isFaultIncident = (i: Incident): boolean => i.severity === 'Critical' || i.severity === 'Warning';

const byNewest = (a: Incident, b: Incident) => Date.parse(b.openedAt) - Date.parse(a.openedAt);

/** The venue page's order: open incidents first, then history; newest first within each. */
export function orderIncidents(incidents: readonly Incident[]): Incident[] {
  return [...incidents].sort((a, b) => Number(a.state !== 'open') - Number(b.state !== 'open') || byNewest(a, b));
}

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];

/** '5 minutes ago' in the language. */
export function relativeTime(iso: string, now: number, language: string): string {
  const ms = Date.parse(iso) - now;
  const [unit, size] = UNITS.find(([, s]) => Math.abs(ms) >= s) ?? ['second', 1000];
  return new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(Math.trunc(ms / size), unit);
}

/** The date and time in the language ('25/11/2026, 10:04:05'). */
export const absoluteTime = (iso: string, language: string): string =>
  new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'medium' });

/** '2 hr, 5 min' in the language; null under a minute. */
export function durationText(ms: number, language: string): string | null {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return null;
  const parts: [string, number][] = [
    ['day', Math.floor(minutes / 1440)],
    ['hour', Math.floor((minutes % 1440) / 60)],
    ['minute', minutes % 60],
  ];
  return parts
    .filter(([, n]) => n > 0)
    .slice(0, 2)
    .map(([unit, n]) => new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short' }).format(n))
    .join(' ');
}
