// temporary screenshot script (not committed)
const { startSite, openLab } = require('./harness');
(async () => {
  const site = await startSite();
  try {
    const page = await openLab(site, '?lang=de&scene=fem-soft-beam&methods=symplectic-euler,regularized&dt=0.002&paused=1');
    await page.evaluate(() => window.softlab.inspect(5));
    await page.waitForTimeout(1500);
    await page.screenshot({ path: '/tmp/htext/shots/lab-de.png', fullPage: true });
    await page.close();
    const v = await site.browser.newPage({ viewport: { width: 1300, height: 1000 } });
    await v.goto(site.base + '/validation.html?lang=de');
    await v.waitForSelector('tr[id^="claim-"]', { timeout: 30000 });
    await v.waitForTimeout(8000);
    await v.screenshot({ path: '/tmp/htext/shots/validation-de.png' });
    await v.close();
    const l = await site.browser.newPage({ viewport: { width: 1300, height: 1000 } });
    await l.goto(site.base + '/lessons/000-regularized-stepper.html?lang=de&seed=7');
    await l.waitForTimeout(3000);
    await l.locator('.question').first().scrollIntoViewIfNeeded();
    await l.screenshot({ path: '/tmp/htext/shots/lesson-de.png' });
    await l.close();
  } finally { await site.close(); }
})();
