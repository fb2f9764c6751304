/** The `--fault` command-line flag of the amp emulator, parsed into a Fault. */
import { FaultSchema, INPUT_KINDS, describeIssues, type Fault, type InputKind } from '../sim/faults';

const GRAMMAR =
  'expected <channel>:short|open|overheat|warning[=text], ps:fail|warning[=text], net:<seconds>, fw:<a.b.c.d>, ' +
  '<analog|dante|digital>[<n>]:drop or clear';

/**
 * Parses one `--fault` value (case-insensitive, except a warning's text):
 *
 *     <channel>:short            short channel's load (e.g. `2:short`)
 *     <channel>:open             open (disconnect) its load
 *     <channel>:overheat         overheat its amp board (thermal warning, then shutdown)
 *     <channel>:warning[=text]   a thermal warning without a fault, with an optional faults-log text
 *     ps:fail                    fail the power supply
 *     ps:warning[=text]          AC line sag: power supply line warning
 *     net:<seconds>              unplug the network for that long (`net:10`)
 *     fw:<a.b.c.d>               change the firmware version (`fw:1.6.0.0`)
 *     <kind>[<n>]:drop           drop input n of a kind, or every input of the kind (`analog1:drop`, `dante:drop`)
 *     clear                      clear every fault
 *
 * Throws an Error naming the bad value and the grammar. Whether a channel or input exists on a model is
 * checked later, against that model (faultProblem).
 */
export function parseFaultArg(s: string): Fault {
  const fail = (why: string): never => {
    throw new Error(`invalid --fault '${s}': ${why}; ${GRAMMAR}`);
  };
  const arg = s.trim();
  if (arg.toLowerCase() === 'clear') return { type: 'clear' };
  const colon = arg.indexOf(':');
  if (colon < 0) return fail("missing ':'");
  const target = arg.slice(0, colon).trim().toLowerCase();
  const rest = arg.slice(colon + 1).trim();
  const eq = rest.indexOf('=');
  const action = (eq < 0 ? rest : rest.slice(0, eq)).trim().toLowerCase();
  const text = eq < 0 ? undefined : rest.slice(eq + 1).trim() || undefined;
  if (eq >= 0 && action !== 'warning') fail(`only a warning takes '=text'`);

  const candidate = ((): unknown => {
    if (/^\d+$/.test(target)) {
      const channel = Number(target);
      if (action === 'short' || action === 'open' || action === 'overheat') return { type: action, channel };
      if (action === 'warning') return { type: 'warning', channel, ...(text ? { text } : {}) };
      return fail(`unknown channel action '${action}'`);
    }
    if (target === 'ps') {
      if (action === 'fail') return { type: 'powerSupplyFail' };
      if (action === 'warning') return { type: 'warning', ...(text ? { text } : {}) };
      return fail(`unknown power supply action '${action}'`);
    }
    if (target === 'net') {
      if (!/^\d+(\.\d+)?$/.test(action)) fail(`'${action}' is not a number of seconds`);
      return { type: 'unplugNetwork', seconds: Number(action) };
    }
    if (target === 'fw') return { type: 'firmware', version: rest };
    const input = /^([a-z]+)(\d+)?$/.exec(target);
    const kind = input?.[1];
    if (kind && (INPUT_KINDS as readonly string[]).includes(kind)) {
      if (action !== 'drop') fail(`unknown input action '${action}'`);
      return { type: 'dropInput', input: kind as InputKind, ...(input[2] ? { n: Number(input[2]) } : {}) };
    }
    return fail(`unknown target '${target}'`);
  })();

  const parsed = FaultSchema.safeParse(candidate);
  if (!parsed.success) return fail(describeIssues(parsed.error));
  return parsed.data;
}
