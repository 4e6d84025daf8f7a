import { Svg, type IconProps } from '../../../components/ui/icons.tsx';

/** A passkey: a person and a key, the sign people know passkeys by. */
export const IconPasskey = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="9" cy="7" r="3.5" />
    <path d="M3 20v-1.5A4.5 4.5 0 0 1 7.5 14h3" />
    <circle cx="17" cy="12.5" r="2.5" />
    <path d="M17 15v5.5l1.5-1.2M17 18h1.5" />
  </Svg>
);
