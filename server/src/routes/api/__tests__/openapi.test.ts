import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../../db/seed.ts';
import { login, startTestApp, type TestApp } from '../../../__tests__/harness/index.ts';

/** Every call of docs/product-rules.md#calls-and-answers with its method (POST unless the spec says GET), as the spec writes its path. */
const SPEC_CALLS: readonly [method: 'GET' | 'POST', path: string][] = [
  ['GET', 'api/index/setLang'],
  ['GET', 'api/index/getLangList'],
  ['POST', 'api/index/getBanner'],
  ['POST', 'api/index/getMarketList'],
  ['POST', 'api/index/getAllCurrencyList'],
  ['POST', 'api/index/getAllMarketList'],
  ['POST', 'api/index/getFriendList'],
  ['POST', 'api/index/getContentList'],
  ['GET', 'api/index/getSetting'],
  ['POST', 'api/Login/register'],
  ['POST', 'api/Login/login'],
  ['POST', 'api/Login/logout'],
  ['POST', 'api/Ems/send'],
  ['POST', 'api/User/getUserInfo'],
  ['POST', 'api/User/usersetReal'],
  ['GET', 'api/User/getUserWidthAddress'],
  ['POST', 'api/User/setUserWidthAddress'],
  ['POST', 'api/User/resetPay'],
  ['POST', 'api/User/resetpwd'],
  ['POST', 'api/User/getUserBalanceList'],
  ['POST', 'api/User/getBillList'],
  ['POST', 'api/User/getWithdrawList'],
  ['POST', 'api/User/getRechargeList'],
  ['POST', 'api/User/getTransferList'],
  ['POST', 'api/User/transfer'],
  ['POST', 'api/User/recharge'],
  ['POST', 'api/User/withdraw'],
  ['POST', 'api/User/getUserCoinBalance'],
  ['POST', 'api/User/getCoinBalance'],
  ['POST', 'api/User/getUserBankList'],
  ['POST', 'api/User/setBank'],
  ['POST', 'api/User/getNoticeList'],
  ['GET', 'api/Index/getRechargeCoinList'],
  ['GET', 'api/Index/getCanWithdrawCoin'],
  ['POST', 'api/Balance/getCanExchangeCoin'],
  ['POST', 'api/Balance/exchangeCoin'],
  ['POST', 'api/Trade/getMarketBalance'],
  ['POST', 'api/Trade/upbbbuy'],
  ['POST', 'api/Trade/getOrderList'],
  ['POST', 'api/Trade/cancelOrder'],
  ['POST', 'api/Contrade/getHyConfig'],
  ['POST', 'api/Contrade/creatorder'],
  ['POST', 'api/Contrade/getHyOrderInfo'],
  ['POST', 'api/Contrade/getHyOrderList'],
  ['POST', 'api/Loan/getLoanProjects'],
  ['POST', 'api/Loan/applyLoan'],
  ['POST', 'api/Loan/repay'],
  ['POST', 'api/Loan/cancelLoanApply'],
  ['POST', 'api/Loan/getLoanRecords'],
  ['POST', 'api/Machine/getMiningMachineList'],
  ['POST', 'api/Machine/buyMiningMachine'],
  ['POST', 'api/Machine/getMiningMachineOrders'],
  ['POST', 'api/Machine/redeemMiningMachine'],
  ['POST', 'api/Balance/searchUser'],
  ['POST', 'api/Balance/getTransferCoin'],
  ['POST', 'api/Balance/transfer'],
  ['POST', 'api/Balance/getInternalTransferList'],
  ['POST', 'api/Balance/cancelInternalTransfer'],
  ['POST', 'api/Balance/getStakingProjects'],
  ['POST', 'api/Balance/submitStaking'],
  ['POST', 'api/Balance/getStakingOrderList'],
  ['POST', 'api/Balance/redeemStaking'],
  ['POST', 'api/api/common/upload'],
];

describe('/api/openapi.json', () => {
  let t: TestApp;
  let paths: Record<string, Record<string, unknown>>;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    paths = response.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    token = await login(t, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password);
  });
  afterAll(async () => t.close());

  /** The document's entry for a spec path (paths compare without case, as the router does). */
  const documented = (path: string) =>
    Object.entries(paths).find(([key]) => key.toLowerCase() === `/${path}`.toLowerCase())?.[1];

  it('lists every call of docs/product-rules.md#calls-and-answers the server implements, with the spec method', async () => {
    const implemented: string[] = [];
    for (const [method, path] of SPEC_CALLS) {
      const response = await t.app.inject({ method, url: `/${path}`, headers: { token } });
      if (response.statusCode === 404) continue;
      implemented.push(path);
      expect(documented(path), `${method} ${path} is served but not documented`).toBeDefined();
      expect(Object.keys(documented(path) ?? {}), path).toContain(method.toLowerCase());
    }
    // The calls the server had before the platform features (spot, options, account, notices, lists).
    expect(implemented.length).toBeGreaterThanOrEqual(25);
  });

  it('documents nothing the server does not serve', async () => {
    for (const [path, methods] of Object.entries(paths)) {
      for (const method of Object.keys(methods)) {
        const response = await t.app.inject({
          method: method.toUpperCase() as 'GET' | 'POST',
          url: path,
          headers: { token },
        });
        expect(response.statusCode, `${method} ${path}`).not.toBe(404);
      }
    }
  });

  it('names the Token header as the security scheme of the routes that need it', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      components: { securitySchemes: Record<string, unknown> };
    }>();
    expect(document.components.securitySchemes.token).toEqual({ type: 'apiKey', in: 'header', name: 'Token' });
    expect(documented('api/User/getUserInfo')).toMatchObject({ post: { security: [{ token: [] }] } });
    // An open call says so: an empty list, not a missing one that reads as forgotten.
    expect(documented('api/Login/login')).toMatchObject({ post: { security: [] } });
  });
});
