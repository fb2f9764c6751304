/**
 * Device registration (spec 1 §4, ARCHITECTURE.md "Registration"): a user asks for a registration token for one of
 * their venues; the amp presents it to POST /devices/register and gets its own broker credentials back. A token is
 * single use and expires after REGISTRATION_TOKEN_TTL_S; only its SHA-256 is stored. The device's broker username
 * and client id are its device id (a UUID: topic-safe, cloud/mqtt.ts DeviceIdSchema); its password is 256 random
 * bits, stored as a SHA-256 digest that the broker's authenticate checks (broker-auth.ts).
 *
 * One amp has one record (issue 16): registering an amp (the same MAC and serial number) again, into this or another
 * account, deletes its earlier records (their shadows, jobs and incidents with them), lets them go on the broker
 * (release.ts) and records it in the history of each account concerned.
 */
import { randomUUID } from 'node:crypto';
import type { RegistrationReply, RegistrationRequest, RegistrationTokenReply } from '@rackside/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { DomainContext } from '../../domain';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { digestOf, newSecret } from '../../plugins/secrets';
import { requireVenue } from '../venues/index';
import {
  deleteDevicesById,
  findDevicesOfAmp,
  findToken,
  insertDevice,
  insertToken,
  lockAmp,
  setTokenDevice,
  spendToken,
  type DeviceRow,
} from './devices.repo';
import { historyOf, logDeviceHistory, type DeviceHistoryEntry, type DeviceHistorySink } from './device-history';
import { releaseDevice } from './release';

/** Issues registration tokens and registers devices; one instance per app. */
export class RegistrationService {
  constructor(
    private readonly ctx: DomainContext,
    private readonly history: DeviceHistorySink = logDeviceHistory,
  ) {}

  /** spec 1 §7 POST /venues/{id}/devices/registrationToken: a fresh token for the caller's venue. */
  async issueToken(caller: AuthUser, venueId: string): Promise<RegistrationTokenReply> {
    const { db, clock, config } = this.ctx;
    await requireVenue(db, caller, venueId);
    const registrationToken = newSecret();
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + config.REGISTRATION_TOKEN_TTL_S * 1000);
    await insertToken(db, {
      userId: caller.id,
      // the person who asked: the amp's registration is recorded as theirs (audit device.added)
      issuedBy: caller.actorId ?? caller.id,
      venueId,
      tokenHash: digestOf(registrationToken),
      createdAt: now,
      expiresAt,
    });
    return { registrationToken, expiresAt: expiresAt.toISOString() };
  }

  /**
   * POST /devices/register (the amp): a live, unused token creates the device in the token's venue and answers its
   * broker credentials. Unknown, used and expired tokens are refused, each with its own name. The amp's earlier
   * records go (see above) before the reply leaves, so the amp's old session hears of it while it waits for the reply.
   */
  async register(request: RegistrationRequest, log: FastifyBaseLogger): Promise<RegistrationReply> {
    const { db, clock, config } = this.ctx;
    const tokenHash = digestOf(request.registrationToken.trim());
    const now = clock.now();
    const { reply, device, replaced, issuedBy } = await db.transaction(async (tx) => {
      const token = await spendToken(tx, tokenHash, now);
      if (token === undefined) {
        const known = await findToken(tx, tokenHash);
        if (known === undefined)
          throw new AppError('REGISTRATION_TOKEN_INVALID', 'This registration token is not valid');
        if (known.usedAt !== null) {
          throw new AppError('REGISTRATION_TOKEN_USED', 'This registration token has been used; create a new one');
        }
        throw new AppError('REGISTRATION_TOKEN_EXPIRED', 'This registration token has expired; create a new one');
      }
      await lockAmp(tx, request.mac, request.serialNumber);
      const replaced = await findDevicesOfAmp(tx, request.mac, request.serialNumber);
      await deleteDevicesById(
        tx,
        replaced.map((d) => d.id),
      );
      const deviceId = randomUUID();
      const password = newSecret();
      const device = {
        id: deviceId,
        userId: token.userId,
        venueId: token.venueId,
        passwordHash: digestOf(password),
        mac: request.mac,
        serialNumber: request.serialNumber,
        modelId: request.modelID,
        firmwareVersion: request.firmwareVersion,
        deviceName: request.deviceName,
        registeredAt: now,
      };
      await insertDevice(tx, device);
      await setTokenDevice(tx, token.id, deviceId);
      const reply = { deviceId, mqtt: { url: config.MQTT_PUBLIC_URL, username: deviceId, password } };
      return { reply, device, replaced, issuedBy: token.issuedBy ?? token.userId };
    });
    for (const old of replaced) await releaseDevice(this.ctx, old.id, 'registeredAgain', log);
    await this.history(historyOfRegistration(device, replaced, now), log);
    await this.ctx.audit.aboutDevice(
      device.id,
      {
        kind: 'device.added',
        details: { name: device.deviceName, modelId: device.modelId, serialNumber: device.serialNumber },
      },
      { userId: issuedBy },
      now,
    );
    return reply;
  }
}

/** The history entries of a registration: the new record's, and each replaced record's in its own account. */
function historyOfRegistration(
  device: Omit<DeviceRow, 'connected' | 'lastSeenAt'>,
  replaced: readonly DeviceRow[],
  at: Date,
): DeviceHistoryEntry[] {
  const sameAccount = replaced.filter((d) => d.userId === device.userId).map((d) => d.id);
  return [
    { ...historyOf(device), event: 'registered', at, ...(sameAccount.length > 0 ? { related: sameAccount } : {}) },
    ...replaced.map((old): DeviceHistoryEntry =>
      old.userId === device.userId
        ? { ...historyOf(old), event: 'replaced', related: [device.id], at }
        : { ...historyOf(old), event: 'registeredElsewhere', at },
    ),
  ];
}
