import { EmailText } from '../../components/email-text.tsx';
import { LongText } from '../../components/long-text.tsx';

/**
 * The donor of a request in progress or done: name, and the email written out whole (it is how
 * the requester reaches them; issue 30 items 5 and 16), wrapping after "@" and dots.
 */
export function DonorCell({ name, email }: { name: string | null; email: string | null }) {
  if (!name && !email) return <span aria-hidden="true">—</span>;
  return (
    <span className="flex w-full min-w-0 flex-col">
      {name && <LongText text={name} lines={2} className="font-medium" />}
      {email && (
        <span className="text-gray-600">
          <EmailText email={email} />
        </span>
      )}
    </span>
  );
}
