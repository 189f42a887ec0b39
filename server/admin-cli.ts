import { openDatabase } from './db/open.ts';
import { findByEmail, setRole } from './features/users/users.repository.ts';
import { EnvError, parseEnv } from './lib/env.ts';

// `npm run admin -- promote someone@example.org` (or `demote`): the way to make the first admin.
// Registration only ever makes donors, and there are no default accounts.
const [action, email] = process.argv.slice(2);
if ((action !== 'promote' && action !== 'demote') || !email) {
  console.error('Usage: npm run admin -- promote|demote EMAIL');
  process.exit(2);
}

try {
  const { handle } = await openDatabase(parseEnv());
  const user = await findByEmail(handle.db, email);
  let code = 0;
  if (!user) {
    console.error(`No account with the email ${email}. The person must register first.`);
    code = 1;
  } else if (!(await setRole(handle.db, user.id, action === 'promote' ? 'admin' : 'donor'))) {
    console.error(`${email} is the last admin; promote someone else first.`);
    code = 1;
  } else {
    console.log(`${email} is now ${action === 'promote' ? 'an admin' : 'a donor'}.`);
  }
  await handle.close();
  process.exit(code);
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
}
