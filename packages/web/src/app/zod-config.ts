/**
 * zod without its compiled parsers: zod 4 probes once whether it may build functions from strings (`Function('')`),
 * which the cloud's Content-Security-Policy refuses (no 'unsafe-eval', docs/security.md) and Chromium reports as a
 * violation. Imported first by main.tsx, before anything parses.
 */
import { z } from 'zod';

z.config({ jitless: true });
