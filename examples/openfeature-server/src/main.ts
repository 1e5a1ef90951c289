// Evaluates one flag for one user through OFREP and prints the answer as JSON:
//   FLAGADMIN_URL=http://127.0.0.1:4242 FLAGADMIN_KEY='*:development.<hex>' pnpm start <flag> [userId]
import { connectFlags, disconnectFlags } from './flags';

const [flag, userId] = process.argv.slice(2);
const url = process.env['FLAGADMIN_URL'];
const key = process.env['FLAGADMIN_KEY'];
if (!flag || !url || !key) {
  console.error('usage: FLAGADMIN_URL=<url> FLAGADMIN_KEY=<client key> pnpm start <flag> [userId]');
  process.exit(2);
}

const flags = await connectFlags({ url, key });
const details = await flags.getBooleanDetails(flag, false, userId ? { targetingKey: userId } : {});
console.log(JSON.stringify({ flag, value: details.value, reason: details.reason, variant: details.variant, errorCode: details.errorCode }));
await disconnectFlags();
