/** The market test page's chart set-up (docs/architecture.md#charts: vertical touch drag scrolls the page). */
import { CandlestickSeries, createChart, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import type { Candle } from '../../common/protocol.ts';

export function createCandleChart(box: HTMLElement): { chart: IChartApi; series: ISeriesApi<'Candlestick'> } {
  const chart = createChart(box, {
    height: 240,
    autoSize: true,
    // No library logo: it inserts an inline <style> the server's Content-Security-Policy refuses (an internal test page; the app draws its own attribution).
    layout: { background: { color: '#0b1426' }, textColor: '#8a94a6', attributionLogo: false },
    grid: { vertLines: { color: '#22304d' }, horzLines: { color: '#22304d' } },
    handleScroll: { vertTouchDrag: false },
    timeScale: { timeVisible: true },
  });
  const series = chart.addSeries(CandlestickSeries, {
    upColor: '#48b451',
    downColor: '#db000c',
    wickUpColor: '#48b451',
    wickDownColor: '#db000c',
    borderVisible: false,
  });
  return { chart, series };
}

export function chartBar(bar: Candle) {
  return {
    time: bar.time as UTCTimestamp,
    open: Number(bar.open),
    high: Number(bar.high),
    low: Number(bar.low),
    close: Number(bar.close),
  };
}

/** Rows shown per book side and in the tape. */
export const ROWS = 20;
