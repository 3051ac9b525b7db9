// Waiting in the fault suite: by polling with a deadline, never by a fixed sleep that a loaded machine outruns.
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return true;
    if (Date.now() > deadline) {
      console.log(`      (gave up after ${timeoutMs / 1000} s waiting for ${what})`);
      return false;
    }
    await sleep(200);
  }
}
