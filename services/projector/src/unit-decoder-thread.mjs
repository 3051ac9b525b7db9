// Entry point of the decoder thread: a worker thread starts without the parent's TypeScript loader,
// so it registers tsx itself before loading the TypeScript module.
import { register } from 'tsx/esm/api';

register();
await import('./unit-decoder-thread.ts');
