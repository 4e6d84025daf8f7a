/** The full-app part of the one server harness (server/src/__tests__/harness), for tests not yet importing it. */
export {
  latestCode,
  login,
  registerByEmail,
  startTestApp,
  type LoginData,
  type TestApp,
  type UserInfo,
} from '../../../__tests__/harness/index.ts';
