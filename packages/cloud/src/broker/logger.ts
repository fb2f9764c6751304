/** The little logging the broker layer does: pino's `(object, message)` shape, so a Fastify logger fits. */
export interface BrokerLogger {
  warn(details: Record<string, unknown>, message: string): void;
  info(details: Record<string, unknown>, message: string): void;
}

/** Logs to the console (the default when no logger is given). */
export const consoleBrokerLogger: BrokerLogger = {
  warn: (details, message) => console.warn(`[broker] ${message}`, details),
  info: (details, message) => console.info(`[broker] ${message}`, details),
};

/** Logs nothing (tests that provoke refusals on purpose). */
export const silentBrokerLogger: BrokerLogger = { warn: () => undefined, info: () => undefined };
