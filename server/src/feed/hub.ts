import type { WebSocket } from 'ws';
import type { Clock } from './clock.ts';
import { FeedConnection, type ConnectionContext } from './connection.ts';
import { gzipFrame } from './frame.ts';
import type { MarketData, Publisher } from './types.ts';

export interface HubOptions {
  clock: Clock;
  pingMs: number;
  maxMissedPings: number;
}

/**
 * Every client socket of `/ws` and `/feed`, and who is subscribed to what. A push is gzipped once
 * and the same buffer goes to every subscriber of its topic.
 */
export class FeedHub implements Publisher, ConnectionContext {
  private readonly connections = new Set<FeedConnection>();
  private readonly subscribers = new Map<string, Set<FeedConnection>>();
  private stalledUntil = 0;
  readonly pingMs: number;
  readonly maxMissedPings: number;

  constructor(
    readonly data: MarketData,
    private readonly options: HubOptions,
  ) {
    this.pingMs = options.pingMs;
    this.maxMissedPings = options.maxMissedPings;
  }

  accept(socket: WebSocket): FeedConnection {
    const connection = new FeedConnection(socket, this);
    this.connections.add(connection);
    return connection;
  }

  now(): number {
    return this.options.clock.now();
  }

  isStalled(): boolean {
    return this.now() < this.stalledUntil;
  }

  /** Test control: nothing is pushed (and no pings go out) for `ms`. */
  stall(ms: number): number {
    this.stalledUntil = this.now() + ms;
    return this.stalledUntil;
  }

  /** Test control: every socket is dropped at once, without a close frame. */
  dropAll(): number {
    const count = this.connections.size;
    for (const connection of [...this.connections]) connection.drop();
    return count;
  }

  subscribe(connection: FeedConnection, topic: string): void {
    let set = this.subscribers.get(topic);
    if (!set) {
      set = new Set();
      this.subscribers.set(topic, set);
    }
    set.add(connection);
  }

  unsubscribe(connection: FeedConnection, topic: string): void {
    const set = this.subscribers.get(topic);
    if (!set) return;
    set.delete(connection);
    if (set.size === 0) this.subscribers.delete(topic);
  }

  closed(connection: FeedConnection): void {
    this.connections.delete(connection);
  }

  subscribedTopics(): Iterable<string> {
    return this.subscribers.keys();
  }

  wants(topic: string): boolean {
    return this.subscribers.has(topic) && !this.isStalled();
  }

  publish(topic: string, json: string): void {
    const set = this.subscribers.get(topic);
    if (!set || this.isStalled()) return;
    const frame = gzipFrame(json);
    for (const connection of set) connection.sendFrame(frame);
  }

  close(): void {
    for (const connection of [...this.connections]) connection.drop();
  }
}
