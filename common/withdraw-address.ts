/**
 * Withdrawal addresses by network (docs/product-rules.md#withdrawal-addresses): one rule for the app, which checks an
 * address before sending it, and the server, which checks it again before binding it. A typo must
 * not send funds nowhere, so where a network's addresses carry a checksum it is verified:
 *
 * | network | shape | checksum |
 * |---|---|---|
 * | TRC20 | `T` + 33 base58 characters (34 in all) | base58check: version byte 0x41, 20-byte account, 4-byte double-SHA-256 check |
 * | ERC20 | `0x` + 40 hexadecimal digits | EIP-55 when the letters are mixed case; all lower or all upper case carries none |
 * | BTC | legacy `1…` (P2PKH) or `3…` (P2SH), 26-35 base58 characters | base58check: version 0x00 or 0x05, 20-byte hash |
 * | BTC | `bc1…` native SegWit, all lower or all upper case | bech32 for witness version 0 (20- or 32-byte program), bech32m for versions 1-16 (Taproot) |
 *
 * Main-network addresses only: testnet forms (`tb1…`, `m…`, `n…`, `2…`) are refused as the wrong shape.
 */

import { bech32, bech32m, createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
// The hash library's own UTF-8 encoder: common/ is checked without the DOM's or Node's TextEncoder type.
import { utf8ToBytes } from '@noble/hashes/utils.js';

/** The networks a coin can be withdrawn on (coins.withdraw_network). */
export const WITHDRAW_NETWORKS = ['TRC20', 'ERC20', 'BTC'] as const;
export type WithdrawNetwork = (typeof WITHDRAW_NETWORKS)[number];

/** The longest address any network has (a bech32 Taproot address is 62; room for future forms). */
export const ADDRESS_MAX_LENGTH = 100;

/** What an address may be made of at all, whatever the network: letters and digits. */
export const ADDRESS_TEXT_PATTERN = '^[A-Za-z0-9]+$';

export type AddressCheck =
  /** `address` is the form to store and show: bech32 in lower case, ERC20 with its EIP-55 mixed case. */
  | { ok: true; address: string }
  /** shape: not an address of this network at all; checksum: the right shape with a typo in it. */
  | { ok: false; problem: 'shape' | 'checksum' };

const base58check = createBase58check(sha256);
const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
const TRON_SHAPE = new RegExp(`^T${BASE58}{33}$`);
const BTC_LEGACY_SHAPE = new RegExp(`^[13]${BASE58}{25,34}$`);
const BTC_BECH32_SHAPE = /^bc1[02-9ac-hj-np-z]{8,87}$/;
const ETH_SHAPE = /^0x[0-9a-fA-F]{40}$/;

const TRON_VERSION = 0x41;
const BTC_LEGACY_VERSIONS = [0x00, 0x05];

export function isWithdrawNetwork(value: unknown): value is WithdrawNetwork {
  return typeof value === 'string' && (WITHDRAW_NETWORKS as readonly string[]).includes(value);
}

/** Decodes base58check into its 21 bytes (version + 20-byte hash); null when the check digits do not match. */
function base58Payload(text: string): Uint8Array | null {
  try {
    return base58check.decode(text);
  } catch {
    return null;
  }
}

function checkVersioned(text: string, versions: readonly number[]): AddressCheck {
  const payload = base58Payload(text);
  if (!payload) return { ok: false, problem: 'checksum' };
  if (payload.length !== 21 || !versions.includes(payload[0]!)) return { ok: false, problem: 'shape' };
  return { ok: true, address: text };
}

/** BIP 173 / BIP 350: witness version 0 in bech32 with a 20- or 32-byte program, 1-16 in bech32m with 2-40 bytes. */
function checkSegwit(text: string): AddressCheck {
  const lower = text.toLowerCase();
  // BIP 173: one case throughout; mixed case is not an address.
  if (text !== lower && text !== text.toUpperCase()) return { ok: false, problem: 'shape' };
  if (!BTC_BECH32_SHAPE.test(lower)) return { ok: false, problem: 'shape' };
  const decoded = bech32.decodeUnsafe(lower, 90) ?? null;
  const decodedM = decoded ? null : (bech32m.decodeUnsafe(lower, 90) ?? null);
  const found = decoded ?? decodedM;
  if (!found || found.prefix !== 'bc') return { ok: false, problem: 'checksum' };
  const [version, ...words] = found.words;
  const program = bech32.fromWordsUnsafe(words);
  if (version === undefined || !program) return { ok: false, problem: 'shape' };
  const fits =
    version === 0
      ? decoded !== null && (program.length === 20 || program.length === 32)
      : version <= 16 && decodedM !== null && program.length >= 2 && program.length <= 40;
  return fits ? { ok: true, address: lower } : { ok: false, problem: 'checksum' };
}

/** The EIP-55 form of a 40-digit hex address: a letter is upper case where the keccak-256 of the lower-case hex has a nibble of 8 or more. */
export function eip55(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = keccak_256(utf8ToBytes(hex));
  let out = '0x';
  for (let i = 0; i < hex.length; i += 1) {
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    out += nibble >= 8 ? hex[i]!.toUpperCase() : hex[i]!;
  }
  return out;
}

function checkEthereum(text: string): AddressCheck {
  if (!ETH_SHAPE.test(text)) return { ok: false, problem: 'shape' };
  const digits = text.slice(2);
  const mixed = digits !== digits.toLowerCase() && digits !== digits.toUpperCase();
  const checksummed = eip55(text);
  if (mixed && checksummed !== text) return { ok: false, problem: 'checksum' };
  return { ok: true, address: checksummed };
}

/** Checks `text` (already trimmed) as an address of `network`; see the table above. */
export function checkWithdrawAddress(network: WithdrawNetwork, text: string): AddressCheck {
  if (text.length > ADDRESS_MAX_LENGTH) return { ok: false, problem: 'shape' };
  switch (network) {
    case 'TRC20':
      return TRON_SHAPE.test(text) ? checkVersioned(text, [TRON_VERSION]) : { ok: false, problem: 'shape' };
    case 'ERC20':
      return checkEthereum(text);
    case 'BTC':
      if (BTC_LEGACY_SHAPE.test(text)) return checkVersioned(text, BTC_LEGACY_VERSIONS);
      if (/^bc1/i.test(text)) return checkSegwit(text);
      return { ok: false, problem: 'shape' };
  }
}
