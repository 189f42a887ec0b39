import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearerFor, createUser, requestForm } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { manualClock } from '../../test/manual-clock.ts';
import { type ReceivedEmail, type SmtpSink, startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testWorker } from '../../test/worker.ts';

// Issue 25, item 6: people's text went verbatim into emails from RedHope's address, to strangers.
// A request's or a donor's fields could add lines and clickable links of their own. Each email
// here is delivered through a real SMTP server and read as the recipient's mail program would.

const PUBLIC_URL = 'https://redhope.example.org';
const clock = manualClock();
let sink: SmtpSink;
let t: TestApp;
let worker: ReturnType<typeof testWorker>;
beforeEach(async () => {
  clock.set(new Date());
  sink = await startSmtpSink();
  t = await createTestApp(
    { SMTP_URL: sink.url, MAIL_FROM: 'RedHope <alerts@redhope.test>', PUBLIC_URL },
    { clock },
  );
  worker = testWorker(t);
});
afterEach(async () => {
  await t.close();
  await sink.close();
});

const place = { division: 'Khulna', district: 'Jashore', upazila: 'Jashore Sadar' } as const;

// What a stranger typed: line breaks that would start headers or paragraphs, a link, and HTML.
const hostile = {
  recipientName: 'Karim\r\nBcc: victim@example.net\r\nX-Injected: 1',
  hospitalName: 'https://evil.example\r\nSubject: Pay <a href="https://evil.example/pay">Pay</a>',
  fullAddress: 'Road 1\r\n\r\nVisit www.evil.example',
  requestMessage: '<script>alert(1)</script> https://evil.example',
};

async function as(user: { id: string }, method: string, path: string, body?: unknown) {
  return call(t, method, path, {
    headers: { origin: PUBLIC_URL, ...(await bearerFor(t.db, user.id)) },
    body,
  });
}

/** Every link the HTML body makes clickable. */
const hrefsOf = (email: ReceivedEmail) =>
  [...email.html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/gi)].map((m) => m[1] ?? '');

/** What holds for every email a stranger's text reached. */
function expectNothingOfTheirs(email: ReceivedEmail) {
  // No header line of theirs: the header block has no line a field could have started.
  expect(email.headers).not.toMatch(/^(Bcc|X-Injected|Subject: Pay)/im);
  expect(email.headers.match(/^Subject:/gim)).toHaveLength(1);
  // Nothing clickable but RedHope's own pages.
  for (const href of hrefsOf(email)) expect(href.startsWith(`${PUBLIC_URL}/`)).toBe(true);
  // Their link, in neither body, in a form a mail program would link.
  for (const body of [email.text, email.html]) {
    expect(body).not.toMatch(/evil\.example|https:\/\/evil/);
    expect(body).not.toMatch(/<script|<a href="https:\/\/evil/i);
  }
  expect(email.text).toContain('evil[.]example');
  // The HTML they typed shows as text.
  expect(email.html).toContain('&lt;a href=&quot;https[:]//evil[.]example/pay&quot;&gt;');
  // The subject is one line.
  expect(email.subject).not.toMatch(/[\r\n]/);
}

describe(`people's text in emails (issue 25) (${process.env.TEST_ENGINE})`, () => {
  it('an alert for a request full of line breaks, links and HTML: no header, no link of theirs, the call to action is PUBLIC_URL', async () => {
    const requester = await createUser(t.db, { bloodGroup: 'A+' });
    const english = await createUser(t.db, { name: 'A', bloodGroup: 'B+', ...place });
    const bangla = await createUser(t.db, {
      name: 'B',
      bloodGroup: 'B+',
      ...place,
      language: 'bn',
    });
    const created = await as(requester, 'POST', '/api/donation-request', requestForm(hostile));
    expect(created.status).toBe(201);
    const id = created.body.insertedId as string;
    await worker.runDue();
    await worker.runDue();
    expect(sink.accepted.map((e) => e.to[0]).sort()).toEqual([english.email, bangla.email].sort());
    const cta = `${PUBLIC_URL}/blood-donation-request/${id}`;
    for (const email of sink.accepted) {
      expectNothingOfTheirs(email);
      // The one call to action is the request's page on RedHope, in both bodies.
      expect(hrefsOf(email)).toContain(cta);
      expect(email.text).toContain(cta);
    }
    const en = sink.accepted.find((e) => e.to[0] === english.email) as ReceivedEmail;
    expect(en.subject).toBe(
      'B+ needed near you: https[:]//evil[.]example Subject: Pay <a href="https[:]//evil[.]example/pay">Pay</a>',
    );
    expect(en.text).toContain('Patient: Karim Bcc: victim@example[.]net X-Injected: 1\n');
    expect(en.text).toContain(`Open the request: ${cta}`);
    const bn = sink.accepted.find((e) => e.to[0] === bangla.email) as ReceivedEmail;
    expect(bn.subject.startsWith('কাছেই B+ রক্ত দরকার: https[:]//evil[.]example')).toBe(true);
    expect(bn.text).toContain(`অনুরোধটি খুলুন: ${cta}`);
  });

  it("quotes a donor's reason as their words, apart from RedHope's, in English and Bangla", async () => {
    for (const language of ['en', 'bn'] as const) {
      sink.accepted.length = 0;
      const requester = await createUser(t.db, { bloodGroup: 'A+', language });
      const donor = await createUser(t.db, {
        name: 'Rahim\r\nhttps://evil.example',
        bloodGroup: 'B+',
        district: 'Dhaka',
        division: 'Dhaka',
      });
      const created = await as(requester, 'POST', '/api/donation-request', requestForm(hostile));
      const id = created.body.insertedId as string;
      expect(
        (await as(donor, 'PATCH', `/api/donation-request/${id}`, { status: 'inprogress' })).status,
      ).toBe(200);
      const withdrawn = await as(donor, 'POST', `/api/donation-request/${id}/withdraw`, {
        reason:
          'Sorry, I fell ill.\r\nAsk my friend at https://evil.example/blood instead\r\n<b>urgent</b>',
      });
      expect(withdrawn.status).toBe(200);
      await worker.runDue();
      // The requester's emails: a donor accepted, then withdrew (sent in either order: both
      // were written at the same moment of the test's clock).
      const email = sink.accepted.find(
        (e) => e.to[0] === requester.email && /can no longer come|আর আসতে পারছেন না/.test(e.subject),
      ) as ReceivedEmail;
      expect(email).toBeDefined();
      expectNothingOfTheirs(email);
      const label =
        language === 'en'
          ? 'Message from Rahim https[:]//evil[.]example (not checked by RedHope):'
          : 'Rahim https[:]//evil[.]example-এর বার্তা (RedHope যাচাই করেনি):';
      // Plain text: the label, then their lines, each marked as quoted.
      expect(email.text).toContain(
        [
          label,
          '> Sorry, I fell ill.',
          '> Ask my friend at https[:]//evil[.]example/blood instead',
          '> <b>urgent</b>',
        ].join('\n'),
      );
      // HTML: the same in a quoted block of its own, every character as typed, nothing live.
      expect(email.html).toMatch(
        /<blockquote[^>]*>Sorry, I fell ill\.<br>Ask my friend at https\[:\]\/\/evil\[\.\]example\/blood instead<br>&lt;b&gt;urgent&lt;\/b&gt;<\/blockquote>/,
      );
      expect(email.html).not.toContain('<b>');
      expect(hrefsOf(email)).toContain(`${PUBLIC_URL}/blood-donation-request/${id}`);
    }
  });

  it('the password reset email links only to PUBLIC_URL, in text and HTML', async () => {
    const user = await createUser(t.db, {});
    const res = await call(t, 'POST', '/api/password-reset', {
      headers: { origin: PUBLIC_URL },
      body: { email: user.email },
    });
    expect(res.status).toBe(200);
    await worker.runDue();
    const [email] = sink.accepted;
    expect(email?.to).toEqual([user.email]);
    const hrefs = hrefsOf(email as ReceivedEmail);
    expect(hrefs).toHaveLength(1);
    expect(hrefs[0]).toMatch(
      new RegExp(`^${PUBLIC_URL.replace(/\./g, '\\.')}/login/reset-password\\?token=`),
    );
    expect(email?.text).toContain(hrefs[0]);
  });
});
