/**
 * The budgets of docs/performance.md#budgets beside the bench's figures: which figure answers which budget, and
 * a plain table `figure  value  target  status` printed after the `name: value` lines.
 */

export type FigureValue = number | string;

interface Budget {
  target: string;
  met(value: number): boolean;
  /** Status when not met (default MISS). */
  missed?: string;
}

const atMost = (limit: number, unit = ''): Budget => ({ target: `≤ ${limit}${unit}`, met: (value) => value <= limit });
const atLeast = (limit: number, unit = ''): Budget => ({ target: `≥ ${limit}${unit}`, met: (value) => value >= limit });
const none = (note = ''): Budget => ({ target: `0 ${note}`.trim(), met: (value) => value === 0 });

/** Figures with a budget (docs/performance.md#budgets); the others are shown as context with no target. */
const BUDGETS: Readonly<Record<string, Budget>> = {
  ratio_main_vs_reference_50: atMost(1.25, ' × reference'),
  ratio_250_vs_50: atMost(1.3),
  fps_250: atLeast(58),
  ui_messages_per_s_50: atMost(60),
  ui_messages_per_s_250: atMost(60),
  ratio_worker_vs_main_thread_engine_50: atMost(0.5),
  // docs/performance.md#budgets sets "none" and 17.5 ms for the 10-minute replay; the short windows are held to the same.
  long_tasks: none('(soak row)'),
  frame_p95_ms_250: atMost(17.5, ' ms (soak row)'),
  ratio_spot_book_vs_options_250: atMost(1.5, ' × options'),
  spot_book_fps_250: atLeast(58),
  spot_book_frame_p95_ms_250: atMost(17.5, ' ms'),
  spot_book_long_tasks_250: none(),
  ratio_depth_chart_vs_book_250: atMost(1.15, ' × book alone'),
  spot_fps_depth_chart_250: atLeast(58),
  spot_frame_p95_ms_depth_chart_250: atMost(17.5, ' ms'),
  spot_long_tasks_depth_chart_250: none(),
  tap_p98_ms_250_options: atMost(50, ' ms'),
  tap_p98_ms_250_spot: atMost(50, ' ms'),
  initial_js_gzip_kib: atMost(100, ' KiB'),
  worker_js_gzip_kib: atMost(16, ' KiB'),
  decode_ratio_vs_native: atMost(1.5, ' × native'),
  soak_minutes: { ...atLeast(10, ' min'), missed: 'short' },
  // Three soaks in a row (BENCH_SOAK_RUNS=3); their long tasks are summed, so none means none in any.
  soak_runs: { ...atLeast(3, ' runs'), missed: 'short' },
  soak_long_tasks: none(),
  soak_frame_p95_ms: atMost(17.5, ' ms'),
  heap_ratio_last_vs_first_min: atMost(1.05),
  lighthouse_lcp_ms: atMost(2000, ' ms (Lighthouse mobile, home)'),
  lighthouse_tbt_ms: atMost(150, ' ms (Lighthouse mobile, home)'),
  lighthouse_cls: atMost(0.02, ' (Lighthouse mobile, home)'),
};

export interface BudgetRow {
  figure: string;
  value: FigureValue;
  target: string;
  /** ok, MISS (or the budget's own word), n/a (no number to judge), "-" (no budget). */
  status: string;
}

/** One row per figure, in the figures' order. */
export function budgetRows(figures: Readonly<Record<string, FigureValue>>): BudgetRow[] {
  return Object.entries(figures).map(([figure, value]): BudgetRow => {
    const budget = BUDGETS[figure];
    if (!budget) return { figure, value, target: '-', status: '-' };
    if (typeof value !== 'number' || !Number.isFinite(value))
      return { figure, value, target: budget.target, status: 'n/a' };
    return { figure, value, target: budget.target, status: budget.met(value) ? 'ok' : (budget.missed ?? 'MISS') };
  });
}

/** The rows as aligned text columns; no line has the `name: value` shape, so parsers skip them. */
export function formatBudgetTable(rows: readonly BudgetRow[]): string {
  const header: BudgetRow = {
    figure: 'figure',
    value: 'value',
    target: 'target (docs/performance.md#budgets)',
    status: 'status',
  };
  const all = [header, ...rows];
  const width = (key: keyof BudgetRow): number => Math.max(...all.map((row) => String(row[key]).length));
  const widths = { figure: width('figure'), value: width('value'), target: width('target') };
  return all
    .map((row) =>
      [
        String(row.figure).padEnd(widths.figure),
        String(row.value).padStart(widths.value),
        String(row.target).padEnd(widths.target),
        row.status,
      ].join('  '),
    )
    .join('\n');
}
