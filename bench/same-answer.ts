// The bench compares RedHope with the raw server only if both give the same answer: the same
// body, byte for byte, and the same page headers. A floor that writes fewer fields or skips the
// Link header does less work, and its requests/s would flatter it (it did: the raw server had
// fallen behind the API's donor and request fields).

/** The headers of a list answer that belong to the contract (not security or tracing). */
const CONTRACT_HEADERS = ['x-total-count', 'x-total-capped', 'link', 'content-type'];

export interface AnswerCheck {
  path: string;
  headers?: Record<string, string>;
}

/** The differences between the two servers' answers to each path; empty when they agree. */
export async function answerDifferences(
  redhopeOrigin: string,
  rawOrigin: string,
  checks: AnswerCheck[],
): Promise<string[]> {
  const differences: string[] = [];
  for (const { path, headers = {} } of checks) {
    const answer = async (origin: string) => {
      const res = await fetch(`${origin}${path}`, { headers });
      return { res, body: await res.text() };
    };
    const [ours, floor] = await Promise.all([answer(redhopeOrigin), answer(rawOrigin)]);
    if (ours.res.status !== floor.res.status)
      differences.push(`${path}: status ${ours.res.status} against ${floor.res.status}`);
    for (const name of CONTRACT_HEADERS) {
      const [a, b] = [ours.res.headers.get(name), floor.res.headers.get(name)];
      if (a !== b) differences.push(`${path}: ${name} "${a}" against "${b}"`);
    }
    if (ours.body !== floor.body) {
      let at = 0;
      while (ours.body[at] === floor.body[at]) at += 1;
      differences.push(
        `${path}: bodies differ at character ${at}: …${ours.body.slice(at, at + 60)}… against …${floor.body.slice(at, at + 60)}…`,
      );
    }
  }
  return differences;
}
