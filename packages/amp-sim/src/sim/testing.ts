/**
 * Test support for the emulator's physics and control: an amp with manual, seeded physics and readers for
 * what a console user would see. Used only by tests.
 */
import { getModel, type ChannelStatusView, type DeviceStatusView } from '@rackside/protocol';
import { Amp } from '../amp';
import { startPhysics, type Physics, type PhysicsOptions } from './physics';
import { seededRandom } from './random';

/** The clock of test log lines. */
export const TEST_NOW = new Date('2026-11-21T08:40:00.000Z');

/** An amp under test, its physics, and short readers. */
export interface TestAmp {
  readonly amp: Amp;
  readonly physics: Physics;
  at(url: string): unknown;
  out(channel: number, field: string): unknown;
  level(channel: number, field: string): number;
  setChannel(channel: number, patch: Record<string, unknown>): void;
  /** Turns on a channel's signal generator at a fader level. */
  generator(channel: number, fader: number): void;
  faultsLog(): string;
  eventsLog(): string;
  /** The state the console's status rules read. */
  device(): DeviceStatusView;
  channel(channel: number): ChannelStatusView;
  dispose(): void;
}

/** An amp of a model with manual physics (tick() only), seed 7 and a fixed log clock unless options say otherwise. */
export function testAmp(modelId = '704', options: PhysicsOptions = {}): TestAmp {
  const amp = new Amp({
    model: getModel(modelId),
    ip: '127.0.0.1',
    mac: '00:1B:2C:00:00:01',
    serialNumber: 'RS1',
    deviceName: 'Test',
    firmwareVersion: '1.5.2.0',
  });
  const physics = startPhysics(amp, { manual: true, random: seededRandom(7), now: () => TEST_NOW, ...options });
  const at = (url: string): unknown => amp.read(url);
  const setChannel = (n: number, patch: Record<string, unknown>) => {
    amp.apply({ amp: { channels: { [n]: patch } } }, 'client');
  };
  return {
    amp,
    physics,
    at,
    out: (n, field) => at(`/amp/channels/${n}/output/${field}`),
    level: (n, field) => at(`/amp/channels/${n}/levels/${field}`) as number,
    setChannel,
    generator: (n, fader) =>
      setChannel(n, { inputSelector: { signalGeneratorEnable: true, signalGeneratorFader: fader } }),
    faultsLog: () => at('/logs/faults') as string,
    eventsLog: () => at('/logs/events') as string,
    device: () => ({ amp: at('/amp') as DeviceStatusView['amp'] }),
    channel: (n) => at(`/amp/channels/${n}`) as ChannelStatusView,
    dispose: () => {
      physics.stop();
      amp.dispose();
    },
  };
}
