import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.ts';
import { encodeBar, encodeMbpIncrement, encodeMbpSnapshot, encodePush } from '../encode.ts';
import { ReplayFeed } from '../replay/replay-feed.ts';
import { SERVER_TO_CLIENT, type TranscriptLine } from '../replay/transcript.ts';
import { Simulator } from '../sim/simulator.ts';
import { SYMBOLS } from '../symbols.ts';
import type { Bar, MbpIncrement, MbpSnapshot, Publisher } from '../types.ts';

const MBP = 'market.btcusdt.mbp.5';
const KLINE = 'market.btcusdt.kline.1min';
/** The recording crosses two minute boundaries, so its kline ids change. */
const START = Date.UTC(2025, 3, 7, 8, 59, 10);
const SECONDS = 100;
/** The recorded snapshots: one that arrived 3 increments late (as HTX's usually do), one 6 increments ahead of the pushes. */
const LATE_REP = { of: 10, after: 13 };
const EARLY_REP = { of: 305, after: 299 };

interface Recording {
  lines: TranscriptLine[];
  /** The true mbp.5 book after each increment, by seqNum (encoded). */
  truth: Map<number, string>;
}

/** A session recorded from the simulator: every mbp.5 increment, two `rep` snapshots, the 1min bar each second. */
function record(): Recording {
  const sim = new Simulator({ seed: 17, startMs: START, symbols: SYMBOLS.filter((s) => s.symbol === 'btcusdt') });
  const increments: Array<{ t: number; increment: MbpIncrement; snapshot: MbpSnapshot }> = [];
  const lines: TranscriptLine[] = [];
  const push = (tMs: number, topic: string, tick: string): void => {
    lines.push({ dir: SERVER_TO_CLIENT, t: tMs / 1000, opcode: 'binary(gzip)', frame: encodePush(topic, tMs, tick) });
  };
  for (let t = START; t < START + SECONDS * 1000; t += 100) {
    sim.advanceTo(t);
    for (const event of sim.drainEvents(t)) {
      if (event.kind !== 'mbp' || event.levels !== 5) continue;
      increments.push({ t, increment: event.increment, snapshot: sim.mbpSnapshot('btcusdt', 5) as MbpSnapshot });
    }
    if (t % 1000 < 100) push(t, KLINE, encodeBar(sim.symbolSim('btcusdt')?.currentBar('1min') as Bar));
  }
  const rep = (of: number, tMs: number): void => {
    const data = encodeMbpSnapshot((increments[of] as { snapshot: MbpSnapshot }).snapshot);
    lines.push({
      dir: SERVER_TO_CLIENT,
      t: tMs / 1000,
      opcode: 'binary(gzip)',
      frame: `{"id":"snapshot-${of}","rep":"${MBP}","status":"ok","ts":${tMs},"data":${data}}`,
    });
  };
  increments.forEach(({ t, increment }, i) => {
    push(t, MBP, encodeMbpIncrement(increment));
    if (i === LATE_REP.after) rep(LATE_REP.of, t + 1);
    if (i === EARLY_REP.after) rep(EARLY_REP.of, t + 1);
  });
  lines.sort((a, b) => a.t - b.t);
  const truth = new Map(increments.map(({ increment, snapshot }) => [increment.seqNum, encodeMbpSnapshot(snapshot)]));
  return { lines, truth };
}

describe('a looping replay', () => {
  it('starts each loop over: the chain breaks and kline ids go back, while req snapshots always match the increments sent', () => {
    const { lines, truth } = record();
    const clock = new ManualClock(1_900_000_000_000);
    const published: Array<{ topic: string; tick: Record<string, unknown> }> = [];
    const publisher: Publisher = {
      subscribedTopics: () => [MBP, KLINE],
      wants: () => true,
      isStalled: () => false,
      publish: (topic, json) =>
        published.push({ topic, tick: (JSON.parse(json) as { tick: Record<string, unknown> }).tick }),
    };
    const feed = new ReplayFeed(lines, { speed: 1, loop: true }, clock);
    try {
      feed.start(publisher);
      const problems: string[] = [];
      /** Where the mbp chain and the kline ids jumped back: the last value of a round and the first of the next. */
      const chainJumps: Array<{ lastSeq: number; firstPrev: number }> = [];
      const barJumps: Array<{ last: number; first: number }> = [];
      // From the increment after the late snapshot's place on, the round's book is the true one.
      const exactFrom = [...truth.keys()][LATE_REP.after + 1] as number;
      let lastIncrement: MbpIncrement | undefined;
      let lastBar: number | undefined;
      let compared = 0;
      let seen = 0;
      // Two and a half rounds of the recording (each is its length plus a 1 s pause).
      const end = clock.now() + 2.5 * (SECONDS + 1) * 1000;
      while (clock.now() < end) {
        clock.advance(100);
        feed.pump();
        for (const { topic, tick } of published.slice(seen)) {
          if (topic === MBP) {
            const increment = tick as unknown as MbpIncrement;
            if (lastIncrement && increment.seqNum < lastIncrement.seqNum)
              chainJumps.push({ lastSeq: lastIncrement.seqNum, firstPrev: increment.prevSeqNum });
            else if (lastIncrement && increment.prevSeqNum !== lastIncrement.seqNum)
              problems.push(`chain broken inside a round at ${increment.seqNum}`);
            lastIncrement = increment;
          } else {
            const bar = tick as unknown as Bar;
            if (lastBar !== undefined && bar.id < lastBar) barJumps.push({ last: lastBar, first: bar.id });
            lastBar = bar.id;
            // The bars a client can fetch end with the bar being pushed, also right after a loop.
            const bars = feed.data.bars('btcusdt', '1min') ?? [];
            if (bars[bars.length - 1]?.id !== bar.id)
              problems.push(
                `round ${barJumps.length}: pushed bar ${bar.id}, history ends at ${bars[bars.length - 1]?.id}`,
              );
          }
        }
        seen = published.length;
        if (!lastIncrement) continue;
        const round = chainJumps.length;
        const snapshot = feed.data.mbpSnapshot('btcusdt', 5);
        if (snapshot?.seqNum !== lastIncrement.seqNum)
          problems.push(`round ${round}: snapshot seqNum ${snapshot?.seqNum} after increment ${lastIncrement.seqNum}`);
        if (lastIncrement.seqNum >= exactFrom && snapshot) {
          compared++;
          if (encodeMbpSnapshot(snapshot) !== truth.get(lastIncrement.seqNum))
            problems.push(`round ${round}: the snapshot at ${snapshot.seqNum} is not the book`);
        }
      }
      expect(problems).toEqual([]);
      // The snapshot was compared with the true book at nearly every pump of the two full rounds.
      expect(compared).toBeGreaterThan(2 * SECONDS * 10 * 0.9);
      // What a client sees at a loop: the chain does not continue (it goes back), and so do the bars.
      expect(chainJumps).toHaveLength(2);
      expect(barJumps).toHaveLength(2);
      for (const jump of chainJumps) expect(jump.firstPrev).toBeLessThan(jump.lastSeq);
      for (const jump of barJumps) expect(jump.first).toBeLessThan(jump.last);
    } finally {
      feed.stop();
    }
  });
});
