#!/usr/bin/env node
// Runs the TypeScript entry point through tsx, so no build step stands between a clone and a run.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
