import { bech32, bech32m } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { checkWithdrawAddress, eip55 } from '../withdraw-address.ts';

/** Published vectors: BIP 173 and BIP 350 (bech32, bech32m), EIP-55, Bitcoin's and TRON's well-known addresses. */
describe('withdrawal addresses by network', () => {
  it.each([
    ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
    ['BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
    ['BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['BTC', 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3'],
    ['BTC', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'],
    ['ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['ERC20', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'],
    ['ERC20', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB'],
    ['ERC20', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb'],
  ] as const)('%s accepts %s as it is', (network, address) => {
    expect(checkWithdrawAddress(network, address)).toEqual({ ok: true, address });
  });

  it('stores bech32 in lower case and ERC20 in its EIP-55 form, whichever single case was sent', () => {
    expect(checkWithdrawAddress('BTC', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toEqual({
      ok: true,
      address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    });
    expect(checkWithdrawAddress('ERC20', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toEqual({
      ok: true,
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    });
    expect(checkWithdrawAddress('ERC20', '0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED')).toEqual({
      ok: true,
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    });
    expect(eip55('0x52908400098527886e0f7030069857d2e4169ee7')).toBe('0x52908400098527886E0F7030069857D2E4169EE7');
  });

  it.each([
    // One character changed: the checksum catches the typo.
    ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T'],
    ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj7t'],
    ['BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3'],
    ['BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLz'],
    ['BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'],
    ['BTC', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj2'],
    ['ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'],
    ['ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAee'],
  ] as const)('%s: a typo in %s fails the checksum', (network, address) => {
    expect(checkWithdrawAddress(network, address)).toEqual({ ok: false, problem: 'checksum' });
  });

  it('BIP 350: witness version 0 must be bech32 and later versions bech32m, with the allowed program lengths', () => {
    const program = Uint8Array.from({ length: 20 }, (_, i) => i + 1);
    expect(checkWithdrawAddress('BTC', bech32m.encode('bc', [0, ...bech32m.toWords(program)]))).toEqual({
      ok: false,
      problem: 'checksum',
    });
    expect(checkWithdrawAddress('BTC', bech32.encode('bc', [1, ...bech32.toWords(new Uint8Array(32))]))).toEqual({
      ok: false,
      problem: 'checksum',
    });
    expect(checkWithdrawAddress('BTC', bech32.encode('bc', [0, ...bech32.toWords(new Uint8Array(25))]))).toEqual({
      ok: false,
      problem: 'checksum',
    });
    const testnet = bech32.encode('tb', [0, ...bech32.toWords(program)]);
    expect(checkWithdrawAddress('BTC', testnet)).toEqual({ ok: false, problem: 'shape' });
  });

  it.each([
    ['TRC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6'],
    ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6tt'],
    ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60'],
    // A valid base58check of the wrong version (a Bitcoin address) is no TRON address.
    ['TRC20', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
    ['ERC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['ERC20', '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe'],
    ['ERC20', '0X5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg'],
    ['BTC', 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn'],
    ['BTC', '2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc'],
    ['BTC', 'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['BTC', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['BTC', ''],
  ] as const)('%s refuses %s as the wrong shape', (network, address) => {
    expect(checkWithdrawAddress(network, address)).toEqual({ ok: false, problem: 'shape' });
  });
});
