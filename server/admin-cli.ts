import os from 'node:os';
import type { Kysely } from 'kysely';
import { resetByUser } from './auth/two-factor.repository.ts';
import { openDatabase } from './db/open.ts';
import type { Database } from './db/schema.ts';
import * as audit from './features/audit/audit.repository.ts';
import { findByEmail, setRole } from './features/users/users.repository.ts';
import { EnvError, parseEnv } from './lib/env.ts';

// `npm run admin -- promote someone@example.org` (or `demote`): the way to make the first admin.
// Registration only ever makes donors, and there are no default accounts.
// `npm run admin -- reset-2fa someone@example.org`: the way back in for someone who lost their
// authenticator and their recovery codes (issue 25); audited, every session of theirs ended.
const ACTIONS = ['promote', 'demote', 'reset-2fa'] as const;
type Action = (typeof ACTIONS)[number];
const [action, email] = process.argv.slice(2);
if (!ACTIONS.includes(action as Action) || !email) {
  console.error('Usage: npm run admin -- promote|demote|reset-2fa EMAIL');
  process.exit(2);
}

/**
 * The command line as the audit log's actor (issue 25: promote and demote went unrecorded). It
 * has no account, so it is named for what it is, with the machine's user who ran it.
 */
function commandLineActor(): audit.AuditActor {
  let who = process.env.USER ?? process.env.USERNAME ?? '';
  try {
    who = os.userInfo().username;
  } catch {
    // A container's user may have no entry in /etc/passwd; the variable (or nothing) will do.
  }
  return {
    id: 'cli',
    name: `npm run admin (${who || 'unknown user'}@${os.hostname()})`,
    email: 'cli',
    role: 'cli',
  };
}

async function run(db: Kysely<Database>): Promise<number> {
  const user = await findByEmail(db, email as string);
  if (!user) {
    console.error(`No account with the email ${email}. The person must register first.`);
    return 1;
  }
  if (action === 'reset-2fa') {
    if (!(await resetByUser(db, user, commandLineActor()))) {
      console.log(`${email} has no second factor; nothing to reset.`);
      return 0;
    }
    console.log(
      `${email} signs in with the password alone now; every session of theirs ended.` +
        (user.role === 'admin' ? ' They must set up a new authenticator before admin work.' : ''),
    );
    return 0;
  }
  const role = action === 'promote' ? 'admin' : 'donor';
  const changed = await setRole(db, user.id, role, {
    onChanged: (trx) =>
      audit.insert(trx, commandLineActor(), {
        action: 'user.role',
        targetType: 'user',
        targetId: user.id,
        targetLabel: `${user.name} <${user.email}>`,
        detail: role,
      }),
  });
  if (!changed) {
    console.error(`${email} is the last admin; promote someone else first.`);
    return 1;
  }
  console.log(`${email} is now ${action === 'promote' ? 'an admin' : 'a donor'}.`);
  return 0;
}

try {
  const { handle } = await openDatabase(parseEnv());
  const code = await run(handle.db);
  await handle.close();
  process.exit(code);
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
}
