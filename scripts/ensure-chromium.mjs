// End-to-end tests drive Debian's Chromium. Install it when missing (as root), else say how.
import { ensureDebianPackage } from './debian-packages.mjs';

ensureDebianPackage(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', 'chromium');
