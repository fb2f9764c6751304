/** The cloud service's public surface: the app factory, the broker link and what they are built from. */
export { buildApp, DOMAINS, type AppDeps } from './app';
export * from './broker/index';
export { systemClock, type Clock } from './clock';
export { ConfigError, IN_MEMORY, loadConfig, parseConfig, type Config, type ResolvedConfig } from './config';
export { createDb, type Database, type Db, type Executor, type Tx } from './db/client';
export { migrate, readMigrations } from './db/migrate';
export { startMqtt, type MqttDeps, type MqttLink } from './mqtt';
export { startCloudService, type CloudService, type CloudServiceOptions } from './service';
export type { Domain, DomainContext } from './domain';
export { currentUser, type AuthUser } from './plugins/auth';
export { AppError, statusOf } from './plugins/errors';
export {
  createOutboxMailer,
  createSmtpMailer,
  isOutbox,
  type Mailer,
  type MailMessage,
  type OutboxMailer,
} from './plugins/mailer';
export { TokenService } from './plugins/tokens';
export * from './demo/index';
