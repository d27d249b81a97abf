/**
 * Keeps an answer's time from telling whether an account exists. The sign-in request for a known
 * address writes a token and sends a mail (tens of milliseconds over SMTP); an unknown one does
 * neither and would answer sooner, so an attacker timing the answers could list accounts. The
 * unknown path waits as long as the known path has been taking lately (a moving average, one
 * number per process, so nothing grows).
 */
export class EvenTiming {
  private averageMs: number;

  constructor(
    initialMs = 20,
    private readonly weight = 0.2,
    private readonly maxMs = 2_000,
  ) {
    this.averageMs = initialMs;
  }

  /** Records how long the real work took. */
  observe(durationMs: number): void {
    const bounded = Math.min(Math.max(durationMs, 0), this.maxMs);
    this.averageMs += (bounded - this.averageMs) * this.weight;
  }

  /** How long the path without work should wait: the average, give or take a tenth. */
  delayMs(random: () => number = Math.random): number {
    return this.averageMs * (0.9 + 0.2 * random());
  }

  /** Waits as long as the real work would have taken. */
  async imitate(): Promise<void> {
    await Bun.sleep(this.delayMs());
  }
}
