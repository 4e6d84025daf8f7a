/**
 * Which colour means "up" (docs/product-rules.md#look-and-feel): the spec's green-up is the default; a user may choose
 * red-up, which swaps the --up and --down custom properties on :root (see global.css). Up and down
 * also always carry a sign or arrow, so the choice never removes information.
 */
import { proxy } from 'valtio';
import { loadRedUp, saveRedUp } from './client-storage.ts';

export const upColour = proxy<{ redUp: boolean }>({ redUp: false });

/** Sets `data-up` on <html>: "red" swaps the colours, absent keeps the defaults. */
export function applyUpColour(redUp: boolean, root: HTMLElement = document.documentElement): void {
  if (redUp) root.dataset.up = 'red';
  else delete root.dataset.up;
}

/** Reads the saved choice and applies it (called once at start). */
export function initUpColour(): void {
  upColour.redUp = loadRedUp();
  applyUpColour(upColour.redUp);
}

/** Switches, saves and applies the choice. */
export function setRedUp(redUp: boolean): void {
  upColour.redUp = redUp;
  saveRedUp(redUp);
  applyUpColour(redUp);
}
