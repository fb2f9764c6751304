/**
 * The SMPP sender against a real SMPP server (test/smpp-server.ts): what the gateway receives, how its refusals and
 * outages reach the caller, and how a phone's STOP reaches the opt-out listeners.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmppServer, type TestSmppServer } from '../test/smpp-server';
import type { SmsSender } from './sms';
import { createSmppSender, isStopText, parseSmppUrl, smsSegments, SmsGatewayError } from './smpp';

const PHONE = '+447700900123';

describe('SMPP sender (against a real SMPP server)', () => {
  let gateway: TestSmppServer;
  const senders: SmsSender[] = [];
  const sender = (url = gateway.url, from = 'Rackside', options = {}) => {
    const s = createSmppSender(url, from, undefined, options);
    senders.push(s);
    return s;
  };

  beforeAll(async () => {
    gateway = await startTestSmppServer({ systemId: 'rack side', password: 'p@ss:w/rd' });
  });
  afterEach(async () => {
    await Promise.all(senders.splice(0).map((s) => s.close()));
    gateway.messages.length = 0;
    gateway.binds.length = 0;
  });
  afterAll(() => gateway.stop());

  it('binds with the URL-decoded credentials and submits one GSM SMS to the number without +', async () => {
    const text = 'Amp "Bar 2" fault: over-temperature @ 85 C; £5 {ok} [x] ~ € ä';
    await sender().send({ to: PHONE, text });

    const [sms] = await gateway.waitForMessages(1);
    expect(gateway.binds).toEqual([{ systemId: 'rack side', password: 'p@ss:w/rd' }]);
    expect(sms).toMatchObject({
      to: '447700900123',
      from: 'Rackside',
      text,
      dataCoding: 0,
      segments: 1,
    });
    expect(sms?.pdu).toMatchObject({ source_addr_ton: 5, source_addr_npi: 0, dest_addr_ton: 1, dest_addr_npi: 1 });
    expect(sms?.pdu.registered_delivery).toBe(0);
  });

  it('sends a numeric sender as an international number', async () => {
    await sender(gateway.url, '+15005550006').send({ to: PHONE, text: 'hi' });
    const [sms] = await gateway.waitForMessages(1);
    expect(sms?.from).toBe('15005550006');
    expect(sms?.pdu).toMatchObject({ source_addr_ton: 1, source_addr_npi: 1 });
  });

  it('sends a text outside the GSM alphabet as UCS2', async () => {
    await sender().send({ to: PHONE, text: '功放 2 号过热，已静音 🔥' });
    const [sms] = await gateway.waitForMessages(1);
    expect(sms).toMatchObject({ text: '功放 2 号过热，已静音 🔥', dataCoding: 8, segments: 1 });
  });

  it('splits a long text into concatenated segments that arrive as the whole text', async () => {
    const gsm = Array.from({ length: 400 }, (_, i) => 'abcdefghij€'[i % 11]).join('');
    const ucs2 = '放'.repeat(150) + '🔥'.repeat(20);
    const s = sender();
    await s.send({ to: PHONE, text: gsm });
    await s.send({ to: PHONE, text: ucs2 });

    const [first, second] = await gateway.waitForMessages(2);
    expect(first).toMatchObject({ text: gsm, dataCoding: 0, segments: 3 });
    expect(first?.pdu.esm_class).toBe(0x40);
    expect(second).toMatchObject({ text: ucs2, dataCoding: 8, segments: 3 });
  });

  it('rejects with the status a gateway refuses a message with', async () => {
    const refusing = await startTestSmppServer({ refuse: () => 0x58 });
    try {
      const send = sender(refusing.url).send({ to: PHONE, text: 'hi' });
      await expect(send).rejects.toThrow('SMS gateway refused the message: ESME_RTHROTTLED (0x58)');
      expect(refusing.messages).toEqual([]);
    } finally {
      await refusing.stop();
    }
  });

  it('rejects when the gateway does not answer in time', async () => {
    const silent = await startTestSmppServer({ ignore: () => true });
    try {
      const send = sender(silent.url, 'Rackside', { responseTimeoutMs: 300 }).send({ to: PHONE, text: 'hi' });
      await expect(send).rejects.toThrow('SMS gateway did not answer within 0.3 s');
    } finally {
      await silent.stop();
    }
  });

  it('rejects with the login refusal when the password is wrong, and never logs the password', async () => {
    const lines: string[] = [];
    const log = {
      info: (d: Record<string, unknown>, m: string) => lines.push(m + JSON.stringify(d)),
      warn: (d: Record<string, unknown>, m: string) => lines.push(m + JSON.stringify(d)),
    };
    const s = createSmppSender(gateway.url.replace('p%40ss', 'wrong'), 'Rackside', log);
    senders.push(s);
    await expect(s.send({ to: PHONE, text: 'hi' })).rejects.toThrow('SMS gateway refused the login: ESME_RINVPASWD');
    expect(gateway.messages).toEqual([]);
    expect(lines.join('\n')).not.toMatch(/wrong|p@ss|p%40ss/);
  });

  it('rejects while the gateway is down and sends again once it is back', async () => {
    const outage = await startTestSmppServer();
    try {
      const s = sender(outage.url);
      await s.send({ to: PHONE, text: 'before' });
      await outage.waitForMessages(1);

      await outage.stop();
      const down = s.send({ to: PHONE, text: 'during' });
      await expect(down).rejects.toBeInstanceOf(SmsGatewayError);
      await expect(down).rejects.toThrow(/SMS gateway (unreachable \(ECONNREFUSED\)|connection lost)/);
      await expect(s.send({ to: PHONE, text: 'during' })).rejects.toThrow('SMS gateway unreachable (ECONNREFUSED)');

      await outage.start();
      await s.send({ to: PHONE, text: 'after' });
      const texts = (await outage.waitForMessages(2)).map((m) => m.text);
      expect(texts).toEqual(['before', 'after']);
      expect(outage.binds).toHaveLength(2);
    } finally {
      await outage.stop();
    }
  });

  it('hands a STOP from a phone to the opt-out listeners, but not a delivery receipt', async () => {
    const s = sender();
    const stops: string[] = [];
    s.onStop((phone) => stops.push(phone));

    await gateway.sendFromPhone('+15005550100', 'STOP', { receipt: true }); // a receipt, whatever its text says
    await gateway.sendFromPhone('15005550101', 'hello');
    await gateway.sendFromPhone('15005550102', '  Unsubscribe \n');
    await gateway.sendFromPhone('15005550103', 'stop');

    expect(stops).toEqual(['+15005550102', '+15005550103']);
  });

  it('reconnects on its own after an outage, so that opt-outs keep arriving without a send', async () => {
    const outage = await startTestSmppServer();
    try {
      const s = sender(outage.url, 'Rackside', { reconnectMinMs: 50 });
      const stops: string[] = [];
      s.onStop((phone) => stops.push(phone));
      await outage.sendFromPhone('15005550104', 'STOP');

      await outage.stop();
      await outage.start();
      await outage.sendFromPhone('15005550105', 'QUIT');

      expect(stops).toEqual(['+15005550104', '+15005550105']);
      expect(outage.binds).toHaveLength(2);
      expect(outage.messages).toEqual([]);
    } finally {
      await outage.stop();
    }
  });

  it('drops a session whose gateway stops answering enquire_link, and binds again', async () => {
    let hung = true;
    const stalled = await startTestSmppServer({ ignore: (pdu) => pdu.command === 'enquire_link' && hung });
    try {
      const s = sender(stalled.url, 'Rackside', { enquireLinkMs: 100, responseTimeoutMs: 200, reconnectMinMs: 50 });
      await s.send({ to: PHONE, text: 'one' });
      const deadline = Date.now() + 3000;
      while (stalled.binds.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      hung = false;
      expect(stalled.binds).toHaveLength(2);
      await s.send({ to: PHONE, text: 'two' });
      expect((await stalled.waitForMessages(2)).map((m) => m.text)).toEqual(['one', 'two']);
    } finally {
      await stalled.stop();
    }
  });

  it('rejects sends after close', async () => {
    const s = sender();
    await s.send({ to: PHONE, text: 'one' });
    await s.close();
    await expect(s.send({ to: PHONE, text: 'two' })).rejects.toThrow('SMS sender is closed');
  });
});

describe('SMPP sender helpers', () => {
  it('parses SMPP_URL with TLS and default ports', () => {
    expect(parseSmppUrl('smpps://id:pa%2Fss@sms.example.com')).toEqual({
      host: 'sms.example.com',
      port: 3550,
      tls: true,
      systemId: 'id',
      password: 'pa/ss',
    });
    expect(parseSmppUrl('smpp://id:pw@10.0.0.1').port).toBe(2775);
    expect(() => parseSmppUrl('http://id:secret@x')).toThrow(/smpp:\/\//);
  });

  it('encodes GSM as one octet per septet, escaping the extension table', () => {
    const { dataCoding, parts } = smsSegments('A€[', 7);
    expect(dataCoding).toBe(0);
    expect([...(parts[0] ?? [])]).toEqual([0x41, 0x1b, 0x65, 0x1b, 0x3c]);
  });

  it('fits 160 GSM septets in one SMS and splits 161 into 153 + 8 with a concatenation header', () => {
    expect(smsSegments('a'.repeat(160), 1).parts).toHaveLength(1);
    const { parts } = smsSegments('a'.repeat(161), 9);
    expect(parts.map((p) => p.length)).toEqual([6 + 153, 6 + 8]);
    expect([...(parts[1]?.subarray(0, 6) ?? [])]).toEqual([5, 0, 3, 9, 2, 2]);
  });

  it('never splits an escape sequence or a surrogate pair', () => {
    const gsm = smsSegments('a'.repeat(152) + '€' + 'a'.repeat(10), 1).parts;
    expect(gsm[0]?.length).toBe(6 + 152);
    const ucs2 = smsSegments('a'.repeat(66) + '🔥' + 'a'.repeat(10), 1).parts;
    expect(ucs2[0]?.length).toBe(6 + 132);
  });

  it('recognises the opt-out words only as the whole text', () => {
    expect(['STOP', ' stop\n', 'StopAll', 'UNSUBSCRIBE', 'cancel', 'End', 'QUIT'].every(isStopText)).toBe(true);
    expect(['stop it', 'STOPPED', '', 'unstop'].some(isStopText)).toBe(false);
  });
});
