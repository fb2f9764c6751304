/** The cloud's OpenAPI document as the security suites read it: from an app on a throwaway database. */
import { buildTestApp } from '../test/app';
import { FakeBroker } from '../test/broker';
import { createTestDb } from '../test/databases';
import { routesOf, type Route } from './openapi-routes';

/** The routes of the document (test files call it at load time, to make one `it` per route). */
export async function documentRoutes(): Promise<Route[]> {
  const database = await createTestDb('pglite');
  const t = await buildTestApp(database.db, { broker: new FakeBroker() });
  try {
    return routesOf(t.app.swagger());
  } finally {
    await t.app.close();
    await database.close();
  }
}
