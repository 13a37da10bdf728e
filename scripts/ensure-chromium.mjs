// Browser tests run in Debian's Chromium; Playwright's own browser download cannot work here.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) process.exit(0);

const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
if (!canInstall) {
  console.error(
    `Chromium is missing at ${chromium}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium\n(or set CHROMIUM_PATH to a Chromium binary).`,
  );
  process.exit(1);
}
console.log("Chromium is missing: installing Debian's chromium package (about 30 s)...");
execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
  stdio: 'inherit',
});
if (!existsSync(chromium)) {
  console.error(`apt-get finished but ${chromium} is still missing.`);
  process.exit(1);
}
