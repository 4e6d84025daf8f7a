/**
 * The tap floor's one button, rendered by React (docs/performance.md#tap-latency): React's root
 * listeners take every event of a tap and each click renders the button again, with nothing of the
 * app. Its taps beside the bare page's say what React itself costs a tap.
 */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

function Counter() {
  const [taps, setTaps] = useState(0);
  return (
    // A style set through the DOM, not an inline attribute: the server's Content-Security-Policy refuses those.
    <button id="tap" type="button" style={{ width: 200, height: 60 }} onClick={() => setTaps((n) => n + 1)}>
      {taps}
    </button>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<Counter />);
