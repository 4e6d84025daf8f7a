/**
 * The idle session time-out: after `idleMs` without input a logged-in app asks the user
 * to confirm they are still there, and logs out when `warnMs` pass without an answer. Input in any
 * tab of the app counts (the last input time is shared through local storage), and the time is
 * read from the wall clock, so a phone that slept or a throttled background tab decides correctly
 * as soon as it runs again. A plain class with injected clock, timers and storage, for tests.
 */

/** How long the confirmation waits before logging out. */
export const IDLE_WARN_MS = 60_000;
/** Input is shared with other tabs at most this often (a scroll fires many events). */
const SHARE_EVERY_MS = 5_000;
/** While asking, other tabs' input is looked for this often. */
const WARN_CHECK_MS = 5_000;
const SHARED_KEY = 'last_activity';

export interface IdleWatchOptions {
  idleMs: number;
  warnMs?: number;
  now?: () => number;
  /** The last input of any tab, ms, or null. */
  readShared?: () => number | null;
  writeShared?: (at: number) => void;
  /** Idle for `idleMs`: ask; `deadline` is when the session ends without an answer. */
  onWarn(deadline: number): void;
  /** No answer by the deadline: log out. */
  onTimeout(): void;
  /** The confirmation is withdrawn: another tab of the app saw input meanwhile. */
  onActive?(): void;
}

export class IdleWatch {
  private last: number;
  private sharedAt = Number.NEGATIVE_INFINITY;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private deadline: number | null = null;
  private stopped = false;
  private readonly now: () => number;
  private readonly warnMs: number;

  constructor(private readonly options: IdleWatchOptions) {
    this.now = options.now ?? Date.now;
    this.warnMs = options.warnMs ?? IDLE_WARN_MS;
    this.last = this.now();
    this.share(this.last);
    this.schedule();
  }

  /** True while the confirmation is showing. */
  get warning(): boolean {
    return this.deadline !== null;
  }

  /** Input seen. While the confirmation shows only `confirm` counts: input behind it is not an answer. */
  activity(): void {
    if (this.stopped || this.deadline !== null) return;
    this.last = this.now();
    if (this.last - this.sharedAt >= SHARE_EVERY_MS) this.share(this.last);
  }

  /** The user confirmed they are still there. */
  confirm(): void {
    if (this.stopped) return;
    this.deadline = null;
    this.last = this.now();
    this.share(this.last);
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** Checks again now (the page became visible: timers may have been held while it was hidden). */
  check(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.run();
  }

  private share(at: number): void {
    this.sharedAt = at;
    this.options.writeShared?.(at);
  }

  private lastInput(): number {
    const shared = this.options.readShared?.() ?? null;
    return shared !== null && shared > this.last ? shared : this.last;
  }

  private schedule(): void {
    clearTimeout(this.timer);
    const now = this.now();
    const due =
      this.deadline !== null ? Math.min(this.deadline, now + WARN_CHECK_MS) : this.lastInput() + this.options.idleMs;
    this.timer = setTimeout(() => this.run(), Math.max(0, due - now));
  }

  private run(): void {
    const now = this.now();
    if (this.deadline !== null) {
      const last = this.lastInput();
      if (last > this.last && now - last < this.options.idleMs) {
        this.deadline = null;
        this.last = last;
        this.options.onActive?.();
        this.schedule();
      } else if (now >= this.deadline) {
        this.stopped = true;
        this.options.onTimeout();
      } else this.schedule();
      return;
    }
    const last = this.lastInput();
    if (now - last < this.options.idleMs) {
      this.last = last;
      this.schedule();
      return;
    }
    // Asleep past the whole warning too: the session ends at once, without a question nobody saw.
    this.deadline = Math.max(last + this.options.idleMs + this.warnMs, now + 1);
    if (now - last >= this.options.idleMs + this.warnMs) {
      this.stopped = true;
      this.options.onTimeout();
      return;
    }
    this.options.onWarn(this.deadline);
    this.schedule();
  }
}

/** The last input of any tab, from local storage. */
export function readSharedActivity(): number | null {
  try {
    const value = Number(window.localStorage.getItem(SHARED_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function writeSharedActivity(at: number): void {
  try {
    window.localStorage.setItem(SHARED_KEY, String(at));
  } catch {
    // Without storage each tab keeps its own time.
  }
}
