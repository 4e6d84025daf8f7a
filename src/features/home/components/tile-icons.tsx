/** The menu grid's tile icons (docs/product-rules.md#look-and-feel: inline SVG), one per tile of docs/product-rules.md#home. */
import { Svg, type IconProps } from '../../../components/ui/icons.tsx';

export const IconRecharge = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 3v11M7.5 9.5L12 14l4.5-4.5M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
  </Svg>
);
export const IconWithdraw = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 14V3M7.5 7.5L12 3l4.5 4.5M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
  </Svg>
);
export const IconSupport = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
    <rect x="3" y="13" width="4" height="6" rx="1.5" />
    <rect x="17" y="13" width="4" height="6" rx="1.5" />
    <path d="M19 19c0 1.2-1.5 2-4 2h-2" />
  </Svg>
);
export const IconSwap = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 8h14l-3.5-3.5M20 16H6l3.5 3.5" />
  </Svg>
);
export const IconLoan = (p: IconProps) => (
  <Svg {...p}>
    <ellipse cx="12" cy="6" rx="7" ry="3" />
    <path d="M5 6v4c0 1.7 3.1 3 7 3s7-1.3 7-3V6M5 10v4c0 1.7 3.1 3 7 3s7-1.3 7-3v-4M5 14v4c0 1.7 3.1 3 7 3s7-1.3 7-3v-4" />
  </Svg>
);
export const IconMining = (p: IconProps) => (
  <Svg {...p}>
    <rect x="4" y="10" width="16" height="11" rx="2" />
    <path d="M8 10V7a4 4 0 0 1 8 0v3M12 14v3" />
  </Svg>
);
export const IconStaking = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 3l9 4.5-9 4.5-9-4.5zM3 12l9 4.5 9-4.5M3 16.5L12 21l9-4.5" />
  </Svg>
);
export const IconSend = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M3 20c.8-3.4 3.2-5.5 6-5.5 1.4 0 2.7.5 3.7 1.4M15 17h6M18.5 14.5L21 17l-2.5 2.5" />
  </Svg>
);
export const IconAccounts = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3" y="4" width="7" height="16" rx="1.5" />
    <rect x="14" y="4" width="7" height="16" rx="1.5" />
    <path d="M10 9h4M12.5 7.5L14 9l-1.5 1.5M14 15h-4M11.5 13.5L10 15l1.5 1.5" />
  </Svg>
);
