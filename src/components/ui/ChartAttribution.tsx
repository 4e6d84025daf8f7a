import styles from './market-chart.module.css';

/**
 * The link to TradingView that the chart library's licence asks for on a page with its chart. The
 * app draws it instead of the library (`attributionLogo: false`): the library's logo inserts an
 * inline `<style>`, which the Content-Security-Policy refuses. Same mark, place and size (35×19)
 * inside a 44 px touch target, in the theme's text and background colours. "TradingView" is a name,
 * the same in every language.
 */
export function ChartAttribution() {
  return (
    <a
      className={styles.attribution}
      href="https://www.tradingview.com/"
      target="_blank"
      rel="noopener noreferrer"
      aria-label="TradingView"
      data-testid="chart-attribution"
    >
      <svg width="35" height="19" viewBox="0 0 35 19" aria-hidden="true" focusable="false">
        <path
          className={styles.attributionOutline}
          fillRule="evenodd"
          clipRule="evenodd"
          d="M2 0H0v10h6v9h21.4l.5-1.3 6-15 1-2.7H23.7l-.5 1.3-.2.6a5 5 0 0 0-7-.9V0H2Zm20 17h4l5.2-13 .8-2h-7l-1 2.5-.2.5-1.5 3.8-.3.7V17Zm-.8-10a3 3 0 0 0 .7-2.7A3 3 0 1 0 16.8 7h4.4ZM14 7V2H2v6h6v9h4V7h2Z"
        />
        <path
          className={styles.attributionMark}
          fillRule="evenodd"
          clipRule="evenodd"
          d="M14 2H2v6h6v9h6V2Zm12 15h-7l6-15h7l-6 15Zm-7-9a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z"
        />
      </svg>
    </a>
  );
}
