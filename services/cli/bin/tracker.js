#!/usr/bin/env node
// Runs the product from the bundle of our TypeScript (bundle.js), built first when a source changed.
import { trackerBundle } from './bundle.js';

// Stack traces name our TypeScript files and lines, not the bundle's.
process.setSourceMapsEnabled(true);
await import(await trackerBundle());
