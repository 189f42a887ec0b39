// Loaded into the server by `npm run soak` only (node --expose-gc --import ./bench/soak-probe.mjs):
// asked over the IPC channel, it collects garbage and answers the process's memory (and CPU time
// used), so the soak compares live heap, not heap plus whatever garbage happened to be waiting.
if (process.send) {
  process.channel?.unref(); // the channel must not keep a stopping server alive
  // The soak ended without stopping us (killed, interrupted): stop as SIGTERM would.
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  process.on('message', (message) => {
    if (message?.type !== 'memory') return;
    globalThis.gc?.();
    globalThis.gc?.();
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    const { user, system } = process.cpuUsage();
    process.send?.({
      type: 'memory',
      rss,
      heapUsed,
      heapTotal,
      external,
      arrayBuffers,
      cpuMicros: user + system,
    });
  });
}
