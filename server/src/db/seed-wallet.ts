/**
 * The demo's wallet configuration, written into a fresh `DATA_DIR/wallet-config.json` when the demo
 * is seeded (SEED_DEMO=1), so `npm start` shows working deposit, withdrawal and exchange screens.
 * The addresses are well-known burn addresses of each chain (valid, owned by no one): a demo must
 * never look like a place to send real money to anyone.
 */
export const DEMO_WALLET_CONFIG = {
  deposit: [
    {
      coin: 'usdt',
      networks: [
        { id: 1, pay_type: 1, coin_net: 'TRC20', address: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', min: '10' },
        { id: 2, pay_type: 2, coin_net: 'ERC20', address: '0x000000000000000000000000000000000000dEaD', min: '10' },
        {
          id: 3,
          pay_type: 3,
          coin_net: 'Bank wire',
          bank_name: 'Demo Bank International',
          card_number: '6222 0210 0000 8888',
          recipient: 'TradeDesk Demo Ltd',
          bank_address: '1 Example Street, Singapore 000001',
          transfer_code: 'DEMOSGSG',
          company_address: '2 Sample Road, Singapore 000002',
          min: '100',
        },
      ],
    },
    {
      coin: 'btc',
      networks: [
        {
          id: 4,
          pay_type: 1,
          coin_net: 'Bitcoin',
          address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
          min: '0.0005',
        },
      ],
    },
    {
      coin: 'eth',
      networks: [
        { id: 5, pay_type: 2, coin_net: 'ERC20', address: '0x000000000000000000000000000000000000dEaD', min: '0.01' },
      ],
    },
  ],
  withdraw: {
    usdt: { min: '10', max: '50000', fee_type: 1, fee_percent: '1', fee_fixed: '0' },
    btc: { min: '0.001', max: '10', fee_type: 2, fee_percent: '0', fee_fixed: '0.0005' },
    eth: { min: '0.01', max: '100', fee_type: 2, fee_percent: '0', fee_fixed: '0.005' },
  },
  exchange: {
    fee_percent: '0.2',
    coins: ['usdt', 'btc', 'eth', 'bnb', 'sol', 'xrp', 'doge', 'ada', 'trx', 'ltc', 'dot', 'link', 'bch'],
  },
};
