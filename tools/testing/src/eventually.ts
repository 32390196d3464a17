/** Polls until the condition holds (bounded): the one way tests wait for asynchronous effects. */
export async function eventually(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
  intervalMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
