/**
 * Market feed load: the server (simulated feed, normal push rate) in a child process, N WebSocket
 * clients here, each subscribed to 6 topics of one symbol and answering pings like a real client.
 * Measures the server process's CPU (process.cpuUsage, reported over IPC) and what the clients got.
 *
 *   npm run bench:feed -- [--clients 200] [--seconds 20] [--warmup 5]
 *
 * Prints `name: value` lines and writes them to bench/results/feed-load.json.
 * Target (docs/performance.md#budgets): 200 clients x 6 topics under 1 core.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import WebSocket from 'ws';

const CHANNELS = ['kline.1min', 'depth.step0', 'trade.detail', 'detail', 'bbo', 'mbp.150'];

interface CpuReport {
  user: number;
  system: number;
  rssMb: number;
}

type ChildMessage = { port: number } | { cpu: CpuReport };

const arg = (name: string, fallback: number): number => {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!(value > 0)) throw new Error(`--${name} needs a positive number`);
  return value;
};

/** Child side: the real app (buildApp) on a free port, answering CPU questions over IPC. */
async function serve(): Promise<void> {
  const { buildApp } = await import('../server/src/app.ts');
  const { loadConfig } = await import('../server/src/config.ts');
  const dataDir = mkdtempSync(join(tmpdir(), 'feed-bench-'));
  // Every bench client connects from loopback, so the per-address socket limit is off here.
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    STATIC_DIR: '',
    LOG_LEVEL: 'silent',
    TEST_ROUTES: '0',
    FEED_MAX_SOCKETS_PER_IP: '0',
  };
  const app = await buildApp({ config: loadConfig(env) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.on('message', (message: { cmd: string }) => {
    if (message.cmd === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send?.({ cpu: { user, system, rssMb: process.memoryUsage().rss / 1e6 } });
    } else if (message.cmd === 'stop') {
      void app.close().then(() => {
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      });
    }
  });
  process.send?.({ port });
}

function ask<T>(child: ChildProcess, cmd: string, pick: (m: ChildMessage) => T | undefined): Promise<T> {
  return new Promise((resolve) => {
    const listener = (message: ChildMessage): void => {
      const value = pick(message);
      if (value === undefined) return;
      child.off('message', listener);
      resolve(value);
    };
    child.on('message', listener);
    if (cmd) child.send({ cmd });
  });
}

async function main(): Promise<void> {
  const clients = arg('clients', 200);
  const seconds = arg('seconds', 20);
  const warmup = arg('warmup', 5);
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await ask(child, '', (m) => ('port' in m ? m.port : undefined));
  const { SYMBOLS } = await import('../server/src/feed/symbols.ts');

  let messages = 0;
  let bytes = 0;
  let pings = 0;
  let closes = 0;
  const sockets: WebSocket[] = [];
  await Promise.all(
    Array.from({ length: clients }, (_, i) => {
      const symbol = (SYMBOLS[i % SYMBOLS.length] as { symbol: string }).symbol;
      const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
      sockets.push(socket);
      socket.on('message', (data: Buffer) => {
        messages++;
        bytes += data.length;
        const text = gunzipSync(data).toString('utf8');
        if (text.startsWith('{"ping"')) {
          pings++;
          socket.send(`{"pong":${text.slice(8, -1)}}`);
        }
      });
      socket.on('close', () => closes++);
      return new Promise<void>((resolve, reject) => {
        socket.once('open', () => {
          CHANNELS.forEach((channel, n) => socket.send(JSON.stringify({ sub: `market.${symbol}.${channel}`, id: n })));
          resolve();
        });
        socket.once('error', reject);
      });
    }),
  );

  await new Promise((r) => setTimeout(r, warmup * 1000));
  const cpuStart = await ask(child, 'cpu', (m) => ('cpu' in m ? m.cpu : undefined));
  const start = { at: performance.now(), messages, bytes };
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const cpuEnd = await ask(child, 'cpu', (m) => ('cpu' in m ? m.cpu : undefined));
  const elapsedS = (performance.now() - start.at) / 1000;
  const cpuS = (cpuEnd.user + cpuEnd.system - cpuStart.user - cpuStart.system) / 1e6;

  const results: Record<string, number | string> = {
    clients,
    topics_per_client: CHANNELS.length,
    duration_s: Number(elapsedS.toFixed(1)),
    server_cpu_cores: Number((cpuS / elapsedS).toFixed(3)),
    messages_per_s: Math.round((messages - start.messages) / elapsedS),
    messages_per_client_per_s: Number(((messages - start.messages) / elapsedS / clients).toFixed(1)),
    kib_per_s: Math.round((bytes - start.bytes) / elapsedS / 1024),
    pings_answered: pings,
    server_rss_mb: Math.round(cpuEnd.rssMb),
    disconnects: closes,
    host_cpus: `${cpus().length} x ${cpus()[0]?.model ?? 'unknown'}`,
    node: process.version,
  };
  for (const [name, value] of Object.entries(results)) console.log(`${name}: ${value}`);
  const dir = join(dirname(fileURLToPath(import.meta.url)), 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'feed-load.json'),
    `${JSON.stringify({ at: new Date().toISOString(), ...results }, null, 2)}\n`,
  );

  for (const socket of sockets) socket.terminate();
  child.send({ cmd: 'stop' });
  await new Promise((r) => child.once('exit', r));
}

if (process.argv.includes('--serve')) await serve();
else await main();
