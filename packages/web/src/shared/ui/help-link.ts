import { SUPPORT_EMAIL } from '../config';

/** Help & feedback: a message to support with a translated subject. */
export const helpHref = (subject: string): string => `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}`;
