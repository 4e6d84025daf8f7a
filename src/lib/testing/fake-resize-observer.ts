/**
 * Test support (vitest, jsdom): jsdom lays nothing out and has no ResizeObserver. This one calls its
 * callbacks when a test says the browser has laid the page out, with an entry per observed element
 * that the test makes (the sizes the browser would report). Stub it in with
 * `vi.stubGlobal('ResizeObserver', FakeResizeObserver)` and `reset()` it after each test. Only tests import it.
 */
export class FakeResizeObserver {
  static all: FakeResizeObserver[] = [];
  readonly targets: Element[] = [];
  constructor(private readonly callback: ResizeObserverCallback) {
    FakeResizeObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.targets.length = 0;
  }
  /** Calls every observer that watches something, with `entry(target)` for each element it watches. */
  static laidOut(entry: (target: Element) => Partial<ResizeObserverEntry> = () => ({})) {
    for (const observer of FakeResizeObserver.all) {
      const entries = observer.targets.map((target) => ({ ...entry(target), target }) as ResizeObserverEntry);
      if (entries.length > 0) observer.callback(entries, observer as unknown as ResizeObserver);
    }
  }
  static reset() {
    FakeResizeObserver.all = [];
  }
}
