/**
 * The chart screens' streams: candles and the studies drawn over them. The engine loads this module
 * with the first of them, so the worker's market download (docs/performance.md#bundle-sizes) carries no
 * chart code: home, the markets list and the spot book never need it.
 */
export { CandleSource } from './streams/candle-source.ts';
export { StudySource } from './studies/study-source.ts';
