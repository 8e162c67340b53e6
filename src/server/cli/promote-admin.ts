// Make an existing user an administrator (or, with --demote, a normal user again):
//   npm run admin:promote -- someone@example.com [--demote]
// A promotion also replaces the account's security answer (whoever registered it may have chosen it) and
// ends every session of the account.
import { userInfo } from 'node:os';
import { systemActor } from '../modules/audit/service.ts';
import { setAdministrator } from '../modules/auth/bootstrap-admin.ts';
import { openFromEnv } from './open-from-env.ts';

const args = process.argv.slice(2);
const email = args
  .find((arg) => !arg.startsWith('--'))
  ?.trim()
  .toLowerCase();
const demote = args.includes('--demote');
if (!email) {
  console.error('Usage: npm run admin:promote -- <email> [--demote]');
  process.exit(2);
}

const { database } = await openFromEnv();
try {
  const actor = systemActor(`command line (${userInfo().username})`);
  const user = await setAdministrator(database.db, email, !demote, actor);
  if (!user) {
    console.error(`No user with e-mail ${email}. Register first, then run this again.`);
    process.exitCode = 1;
  } else {
    console.log(`${user.email} is now ${demote ? 'a normal user' : 'an administrator'}.`);
  }
} finally {
  await database.close();
}
