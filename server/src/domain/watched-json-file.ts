import { readFileSync, statSync } from 'node:fs';

export interface ConfigLogger {
  error(message: string): void;
}

/**
 * An operator-edited JSON file in DATA_DIR (site-config.json, wallet-config.json), read again
 * whenever its modification time or size changes. A file that cannot be read, is not valid JSON, or
 * that `read` refuses (it throws with the reason) is logged once per change, and the last good value
 * stays in use, so a half-saved edit never breaks the app.
 */
export class WatchedJsonFile<T> {
  private current: T;
  private seenStamp = '';

  constructor(
    readonly file: string,
    /** Turns the parsed JSON into the value, or throws an Error saying what is wrong. */
    private readonly read: (raw: unknown) => T,
    /** The value until the file has been read successfully once. */
    initial: T,
    private readonly log: ConfigLogger,
    /** What the file is, for the log ("site config"). */
    private readonly what: string,
  ) {
    this.current = initial;
    this.get();
  }

  /** The value in force now. */
  get(): T {
    let stamp: string;
    try {
      const stat = statSync(this.file);
      stamp = `${stat.mtimeMs}:${stat.size}`;
    } catch (error) {
      stamp = 'missing';
      if (this.seenStamp !== stamp)
        this.log.error(
          `${this.what} ${this.file} cannot be read (${(error as Error).message}); keeping the last good config`,
        );
      this.seenStamp = stamp;
      return this.current;
    }
    if (stamp === this.seenStamp) return this.current;
    this.seenStamp = stamp;
    try {
      this.current = this.read(JSON.parse(readFileSync(this.file, 'utf8')) as unknown);
    } catch (error) {
      this.log.error(
        `${this.what} ${this.file} is invalid (${(error as Error).message}); keeping the last good config`,
      );
    }
    return this.current;
  }
}
