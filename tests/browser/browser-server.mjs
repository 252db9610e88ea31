// One headless chromium for every browser test file (run.sh starts it before the tests and
// stops it after): Playwright's browser server (BrowserType.launchServer). It prints its
// WebSocket endpoint on one line, then serves until SIGTERM or SIGINT. Each test connects
// with chromium.connect (helpers.mjs, launch()) and works in contexts of its own, which
// its browser.close() closes: tests share no page, cookie or storage, only the browser
// process, which saves a browser start (about a CPU-second) per test.
import { chromium } from 'playwright-core';

const server = await chromium.launchServer({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
});
console.log(`browser server: ${server.wsEndpoint()}`);
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
