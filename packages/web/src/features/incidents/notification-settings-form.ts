/**
 * The notification settings form (issue 15): what the fields hold (text as typed), checked with the protocol's
 * VenueNotificationSettingsSchema so the console and the cloud agree on every rule, and the settings it sends.
 */
import { VenueNotificationSettingsSchema, type VenueNotificationSettings } from '@rackside/protocol';
import { z } from 'zod';

export const NotificationFormSchema = z
  .object({
    quiet: z.boolean(),
    start: z.string(),
    end: z.string(),
    timeZone: z.string(),
    reminderMinutes: z.string(),
    escalateAfterMinutes: z.string(),
    escalationContactIds: z.array(z.string()),
  })
  .superRefine((values, ctx) => {
    const parsed = VenueNotificationSettingsSchema.safeParse(settingsOf(values));
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = FIELD_OF[String(issue.path.at(-1))];
      if (field) ctx.addIssue({ code: 'custom', path: [field], message: MESSAGE_OF[field] });
    }
    if (values.quiet && !isTimeZone(values.timeZone))
      ctx.addIssue({ code: 'custom', path: ['timeZone'], message: 'timeZone' });
  });
export type NotificationFormValues = z.infer<typeof NotificationFormSchema>;
export type NotificationField = keyof NotificationFormValues;

/** Protocol field → form field. */
const FIELD_OF: Readonly<Record<string, NotificationField>> = {
  start: 'start',
  end: 'end',
  timeZone: 'timeZone',
  reminderMinutes: 'reminderMinutes',
  escalateAfterMinutes: 'escalateAfterMinutes',
  escalationContactIds: 'escalationContactIds',
};

/** Each field's message key under settings.errors. */
export const MESSAGE_OF = {
  quiet: 'failed',
  start: 'time',
  end: 'time',
  timeZone: 'timeZone',
  reminderMinutes: 'reminder',
  escalateAfterMinutes: 'escalate',
  escalationContactIds: 'CONTACT_UNKNOWN',
} as const satisfies Record<NotificationField, string>;

/** An IANA time zone this browser knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone.trim() });
    return zone.trim() !== '';
  } catch {
    return false;
  }
}

/** The browser's time zone: the default of quiet hours never set. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The settings the form's values stand for (PUT body). Blank minutes are 0, which the schema refuses. */
export function settingsOf(v: NotificationFormValues): VenueNotificationSettings {
  return {
    quietHours: v.quiet ? { start: v.start, end: v.end, timeZone: v.timeZone.trim() } : null,
    reminderMinutes: Number(v.reminderMinutes.trim() || 0),
    escalateAfterMinutes: Number(v.escalateAfterMinutes.trim() || 0),
    escalationContactIds: v.escalationContactIds,
  };
}

/** The form's values of saved settings; quiet hours never set show 22:00–07:00 in the browser's zone. */
export function formValuesOf(s: VenueNotificationSettings): NotificationFormValues {
  return {
    quiet: s.quietHours !== null,
    start: s.quietHours?.start ?? '22:00',
    end: s.quietHours?.end ?? '07:00',
    timeZone: s.quietHours?.timeZone ?? browserTimeZone(),
    reminderMinutes: String(s.reminderMinutes),
    escalateAfterMinutes: String(s.escalateAfterMinutes),
    escalationContactIds: [...s.escalationContactIds],
  };
}
