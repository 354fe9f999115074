// Before `npm run bench`: the browser figures need Debian's Chromium; install it with apt-get when it is missing.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(path)) {
  const root = process.getuid?.() === 0;
  const run = (args) => execFileSync(root ? args[0] : 'sudo', root ? args.slice(1) : args, { stdio: 'inherit' });
  console.log(`Chromium is missing at ${path}: installing Debian's chromium package…`);
  try {
    run(['apt-get', 'update', '-q']);
    run(['apt-get', 'install', '-y', '-q', 'chromium']);
  } catch {
    console.error(
      'Could not install Chromium (apt-get install -y chromium as root); the browser figures will be marked as not measured.',
    );
  }
}
