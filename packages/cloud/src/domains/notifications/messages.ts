/**
 * The words of fault notifications (issue 15), in English, Spanish and Chinese: e-mail subject and text and the SMS
 * line for each kind (opened, resolved, reminder, escalation, digest). Every message names the severity, the venue,
 * the amp, what happened and when (in the venue's time zone, named), and links to the amp in the console; Critical
 * and Warning messages that ask for action carry the acknowledge link; every e-mail carries its unsubscribe link and
 * every SMS "Reply STOP". The language is the cloud's (`languageOf`): contacts have no language of their own yet.
 */
import type { IncidentCondition, SeverityLevel } from '@rackside/protocol';
import type { NotificationKind } from '../../db/schema/index';

export const LANGUAGES = ['en', 'es', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language of notifications: Chinese on the China cloud, else English (a per-contact one needs a column). */
export const languageOf = (config: { readonly CHINA_CLOUD: boolean }): Language => (config.CHINA_CLOUD ? 'zh' : 'en');

/** One incident as a message tells it. */
export interface MessageIncident {
  readonly severity: SeverityLevel;
  readonly condition: IncidentCondition;
  readonly venueName: string;
  readonly ampName: string;
  readonly openedAt: Date;
  readonly resolvedAt: Date | null;
}

/** Everything one message says. */
export interface MessageInput {
  readonly kind: Exclude<NotificationKind, 'digest'>;
  readonly incident: MessageIncident;
  /** The venue's IANA zone (UTC when it has none). */
  readonly timeZone: string;
  /** When the message is composed (reminder and escalation say how long the incident has been open). */
  readonly now: Date;
  readonly ampLink: string;
  /** Critical/Warning opened, reminder, escalation. */
  readonly ackLink?: string;
  /** E-mail only. */
  readonly unsubscribeLink?: string;
}

/** A digest: every pending Info item of one contact and channel. */
export interface DigestInput {
  readonly items: readonly { readonly incident: MessageIncident; readonly ampLink: string }[];
  readonly timeZone: string;
  readonly unsubscribeLink?: string;
}

/** One e-mail's subject and text. */
export interface EmailText {
  readonly subject: string;
  readonly text: string;
}

/** The words of one language; typed so that a missing entry fails the type check. */
interface Words {
  readonly severity: Readonly<Record<SeverityLevel, string>>;
  readonly condition: Readonly<Record<IncidentCondition['type'], (channel: string, detail: string) => string>>;
  readonly channel: (n: number) => string;
  readonly subject: Readonly<Record<Exclude<NotificationKind, 'digest'>, (s: string, what: string) => string>>;
  readonly clearedAfter: (minutes: number) => string;
  readonly stillOpen: (minutes: number) => string;
  readonly unacknowledgedFor: (minutes: number) => string;
  readonly labels: { readonly amp: string; readonly venue: string; readonly when: string; readonly cleared: string };
  readonly openAmp: string;
  readonly acknowledge: string;
  readonly why: (venue: string) => string;
  readonly unsubscribe: string;
  readonly digestSubject: (n: number) => string;
  readonly digestIntro: (n: number) => string;
  readonly smsAck: string;
  readonly smsStop: string;
  readonly smsCleared: string;
}

const EN: Words = {
  severity: { Critical: 'Critical', Warning: 'Warning', Info: 'Info' },
  condition: {
    channelFault: (c) => `${c}: output faulted`,
    powerSupplyFault: () => 'Power supply fault',
    thermal: (c) => `${c}: thermal warning`,
    loadMonitor: (c, d) => `${c}: load monitor ${d || 'not OK'}`,
    pilotTone: (c, d) => `${c}: pilot tone ${d || 'not OK'}`,
    inputMissing: (c) => `${c}: input missing`,
    powerNotOk: () => 'Power supply not OK',
    offline: () => 'Amp offline',
    event: (_c, d) => `Event: ${d}`,
  },
  channel: (n) => `Channel ${n}`,
  subject: {
    opened: (s, w) => `[${s}] ${w}`,
    resolved: (_s, w) => `[Resolved] ${w}`,
    reminder: (s, w) => `[Reminder · ${s}] ${w}`,
    escalation: (s, w) => `[Escalation · ${s}] ${w}`,
  },
  clearedAfter: (m) => `Cleared after ${m} min.`,
  stillOpen: (m) => `Still open after ${m} min and not acknowledged.`,
  unacknowledgedFor: (m) => `Unacknowledged for ${m} min: escalated to you.`,
  labels: { amp: 'Amp', venue: 'Venue', when: 'When', cleared: 'Cleared' },
  openAmp: 'Open the amp in the console',
  acknowledge: 'Acknowledge (stops reminders)',
  why: (v) => `You receive this as a notification contact of ${v}.`,
  unsubscribe: 'Stop these e-mails',
  digestSubject: (n) => `[Info] ${n} event${n === 1 ? '' : 's'} from your amps`,
  digestIntro: (n) => `${n} Info event${n === 1 ? '' : 's'} since the last summary:`,
  smsAck: 'Ack',
  smsStop: 'Reply STOP to opt out',
  smsCleared: 'cleared',
};

const ES: Words = {
  severity: { Critical: 'Crítico', Warning: 'Advertencia', Info: 'Info' },
  condition: {
    channelFault: (c) => `${c}: fallo de salida`,
    powerSupplyFault: () => 'Fallo de la fuente de alimentación',
    thermal: (c) => `${c}: aviso térmico`,
    loadMonitor: (c, d) => `${c}: monitor de carga ${d || 'no OK'}`,
    pilotTone: (c, d) => `${c}: tono piloto ${d || 'no OK'}`,
    inputMissing: (c) => `${c}: falta la entrada`,
    powerNotOk: () => 'Fuente de alimentación no OK',
    offline: () => 'Amplificador sin conexión',
    event: (_c, d) => `Evento: ${d}`,
  },
  channel: (n) => `Canal ${n}`,
  subject: {
    opened: (s, w) => `[${s}] ${w}`,
    resolved: (_s, w) => `[Resuelto] ${w}`,
    reminder: (s, w) => `[Recordatorio · ${s}] ${w}`,
    escalation: (s, w) => `[Escalado · ${s}] ${w}`,
  },
  clearedAfter: (m) => `Resuelto tras ${m} min.`,
  stillOpen: (m) => `Sigue abierto tras ${m} min y sin confirmar.`,
  unacknowledgedFor: (m) => `Sin confirmar durante ${m} min: escalado a usted.`,
  labels: { amp: 'Amplificador', venue: 'Recinto', when: 'Cuándo', cleared: 'Resuelto' },
  openAmp: 'Abrir el amplificador en la consola',
  acknowledge: 'Confirmar (detiene los recordatorios)',
  why: (v) => `Recibe esto como contacto de notificaciones de ${v}.`,
  unsubscribe: 'Dejar de recibir estos correos',
  digestSubject: (n) => `[Info] ${n} evento${n === 1 ? '' : 's'} de sus amplificadores`,
  digestIntro: (n) => `${n} evento${n === 1 ? '' : 's'} Info desde el último resumen:`,
  smsAck: 'Confirmar',
  smsStop: 'Responda STOP para no recibir más',
  smsCleared: 'resuelto',
};

const ZH: Words = {
  severity: { Critical: '严重', Warning: '警告', Info: '信息' },
  condition: {
    channelFault: (c) => `${c}：输出故障`,
    powerSupplyFault: () => '电源故障',
    thermal: (c) => `${c}：过热警告`,
    loadMonitor: (c, d) => `${c}：负载监测 ${d || '异常'}`,
    pilotTone: (c, d) => `${c}：导频 ${d || '异常'}`,
    inputMissing: (c) => `${c}：输入缺失`,
    powerNotOk: () => '电源异常',
    offline: () => '功放离线',
    event: (_c, d) => `事件：${d}`,
  },
  channel: (n) => `通道 ${n}`,
  subject: {
    opened: (s, w) => `[${s}] ${w}`,
    resolved: (_s, w) => `[已恢复] ${w}`,
    reminder: (s, w) => `[提醒 · ${s}] ${w}`,
    escalation: (s, w) => `[升级 · ${s}] ${w}`,
  },
  clearedAfter: (m) => `${m} 分钟后恢复。`,
  stillOpen: (m) => `已持续 ${m} 分钟，尚未确认。`,
  unacknowledgedFor: (m) => `${m} 分钟未确认：已升级给您。`,
  labels: { amp: '功放', venue: '场馆', when: '时间', cleared: '恢复' },
  openAmp: '在控制台中打开功放',
  acknowledge: '确认（停止提醒）',
  why: (v) => `您是 ${v} 的通知联系人，因此收到此邮件。`,
  unsubscribe: '退订这些邮件',
  digestSubject: (n) => `[信息] 您的功放有 ${n} 条事件`,
  digestIntro: (n) => `自上次摘要以来的 ${n} 条信息事件：`,
  smsAck: '确认',
  smsStop: '回复 STOP 退订',
  smsCleared: '已恢复',
};

const WORDS: Readonly<Record<Language, Words>> = { en: EN, es: ES, zh: ZH };

const minutesBetween = (from: Date, to: Date): number =>
  Math.max(0, Math.round((to.getTime() - from.getTime()) / 60000));

/** What happened, readably: "Channel 1: output faulted", "Amp offline", "Power supply fault". */
export function describeCondition(condition: IncidentCondition, language: Language = 'en'): string {
  const w = WORDS[language];
  const channel = condition.channel === undefined ? '' : w.channel(condition.channel);
  // a detail is the amp's own word (a status, a log line): one line, bounded
  const detail = (condition.detail ?? '').replace(/\s+/g, ' ').trim().slice(0, 200);
  return w.condition[condition.type](channel, detail).replace(/^: /, '');
}

/** A moment in a time zone, named: "2026-01-15 11:00 (Europe/Berlin)"; an unknown zone falls back to UTC. */
export function formatWhen(at: Date, timeZone: string): string {
  let zone = timeZone;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = partsIn(at, zone);
  } catch {
    zone = 'UTC';
    parts = partsIn(at, zone);
  }
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')} (${zone})`;
}

/** One formatter per time zone (building one costs ~100× a format: it was 6 % of a busy worker's CPU). */
const formatters = new Map<string, Intl.DateTimeFormat>();

const partsIn = (at: Date, timeZone: string): Intl.DateTimeFormatPart[] => {
  let format = formatters.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    // bounded: zones are IANA names (a few hundred); an unknown one threw above and is never stored
    if (formatters.size < 1000) formatters.set(timeZone, format);
  }
  return format.formatToParts(at);
};

/** The sentence a kind adds after the facts (resolved: how long it lasted; reminder and escalation: how long open). */
function kindLine(input: MessageInput, w: Words): string | undefined {
  const { incident, now } = input;
  switch (input.kind) {
    case 'resolved':
      return w.clearedAfter(minutesBetween(incident.openedAt, incident.resolvedAt ?? now));
    case 'reminder':
      return w.stillOpen(minutesBetween(incident.openedAt, now));
    case 'escalation':
      return w.unacknowledgedFor(minutesBetween(incident.openedAt, now));
    case 'opened':
      return undefined;
  }
}

/** The e-mail of one incident message. */
export function renderEmail(input: MessageInput, language: Language): EmailText {
  const w = WORDS[language];
  const { incident } = input;
  const severity = w.severity[incident.severity];
  const what = describeCondition(incident.condition, language);
  const subject = `${w.subject[input.kind](severity, what)} · ${incident.ampName} · ${incident.venueName}`;
  const lines = [
    `${severity}: ${what}`,
    kindLine(input, w),
    '',
    `${w.labels.amp}: ${incident.ampName}`,
    `${w.labels.venue}: ${incident.venueName}`,
    `${w.labels.when}: ${formatWhen(incident.openedAt, input.timeZone)}`,
    input.kind === 'resolved' && incident.resolvedAt !== null
      ? `${w.labels.cleared}: ${formatWhen(incident.resolvedAt, input.timeZone)}`
      : undefined,
    '',
    `${w.openAmp}:`,
    input.ampLink,
    ...(input.ackLink === undefined ? [] : ['', `${w.acknowledge}:`, input.ackLink]),
    '',
    '--',
    w.why(incident.venueName),
    ...(input.unsubscribeLink === undefined ? [] : [`${w.unsubscribe}: ${input.unsubscribeLink}`]),
  ];
  return { subject: oneLine(subject), text: `${lines.filter((l) => l !== undefined).join('\n')}\n` };
}

/** The SMS of one incident message: one line and short links, then "Reply STOP". */
export function renderSms(input: MessageInput, language: Language): string {
  const w = WORDS[language];
  const { incident } = input;
  const what = describeCondition(incident.condition, language);
  const head =
    input.kind === 'resolved'
      ? `Rackside ${w.subject.resolved('', what)} ${w.smsCleared}`
      : `Rackside ${w.subject[input.kind](w.severity[incident.severity], what)}`;
  const when = formatWhen(
    input.kind === 'resolved' ? (incident.resolvedAt ?? input.now) : incident.openedAt,
    input.timeZone,
  );
  const parts = [
    `${oneLine(head)} - ${oneLine(incident.ampName)} @ ${oneLine(incident.venueName)}, ${when}.`,
    input.ampLink,
    ...(input.ackLink === undefined ? [] : [`${w.smsAck}: ${input.ackLink}`]),
    w.smsStop,
  ];
  return parts.join(' ');
}

/** The e-mail of a digest. */
export function renderDigestEmail(input: DigestInput, language: Language): EmailText {
  const w = WORDS[language];
  const n = input.items.length;
  const venues = [...new Set(input.items.map((i) => i.incident.venueName))];
  const lines = [
    w.digestIntro(n),
    '',
    ...input.items.flatMap(({ incident, ampLink }) => [
      `- ${formatWhen(incident.openedAt, input.timeZone)} · ${incident.venueName} · ${incident.ampName}: ` +
        describeCondition(incident.condition, language),
      `  ${ampLink}`,
    ]),
    '',
    '--',
    w.why(venues.join(', ')),
    ...(input.unsubscribeLink === undefined ? [] : [`${w.unsubscribe}: ${input.unsubscribeLink}`]),
  ];
  return { subject: w.digestSubject(n), text: `${lines.join('\n')}\n` };
}

/** The SMS of a digest: the count and the newest item, then "Reply STOP". */
export function renderDigestSms(input: DigestInput, language: Language): string {
  const w = WORDS[language];
  const newest = input.items[input.items.length - 1];
  const item =
    newest === undefined
      ? ''
      : ` ${oneLine(newest.incident.ampName)} @ ${oneLine(newest.incident.venueName)}: ` +
        `${describeCondition(newest.incident.condition, language)}, ${formatWhen(newest.incident.openedAt, input.timeZone)}.`;
  return `Rackside ${w.digestSubject(input.items.length)}.${item} ${w.smsStop}`;
}

/** Names typed by users (venues, amps) cannot break a subject or an SMS into lines. */
const oneLine = (text: string): string => text.replace(/[\r\n\t]+/g, ' ').trim();
