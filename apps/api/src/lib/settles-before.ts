/** Whether `work` settles (either way) before the time `deadline` (ms since the epoch). */
export async function settlesBefore(work: Promise<unknown>, deadline: number): Promise<boolean> {
  const settled = work.then(
    () => true,
    () => true,
  );
  if (deadline === Number.POSITIVE_INFINITY) return settled;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}
